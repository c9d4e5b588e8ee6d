import type { MouseEvent, ReactNode } from 'react';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';
import type { StoredHit } from '../../src/client/search/storedSearches.ts';
import { ContentIcon, EnterIcon, HeadingIcon, PageIcon, TreeIcon } from './searchIcons.tsx';
import { HighlightedText } from './HighlightedText.tsx';

/** One cell of a row: the hit's link, or an action on it (save, remove). */
export interface RowCell {
  id: string;
  label?: string;
  icon?: ReactNode;
  onActivate?: () => void;
}

interface SearchHitRowProps {
  hit: SearchHit | StoredHit;
  /** Absent for a hit whose URL is no web address: it is shown, but is no link. */
  href?: string;
  rowId: string;
  /** Index of the active cell in this row, if the row is active. */
  activeCell: number | null;
  child?: boolean;
  icon?: ReactNode;
  actions?: RowCell[];
  onHover: () => void;
  onSelect: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const typeIcon = (hit: SearchHit | StoredHit) =>
  hit.type === 'lvl1' ? <PageIcon /> : hit.type === 'content' ? <ContentIcon /> : <HeadingIcon />;

/**
 * A hit as DocSearch shows it: its icon, the title (the heading, or the matching words of a
 * paragraph) with its page below, and the Enter hint. A row of the grid popup: the link is its
 * first cell, actions on a stored search its other cells.
 */
export function SearchHitRow({
  hit,
  href,
  rowId,
  activeCell,
  child,
  icon,
  actions = [],
  onHover,
  onSelect,
}: SearchHitRowProps) {
  const snippet = (hit as SearchHit)._snippetResult;
  const level = hit.type === 'content' ? null : hit.type;
  const title = level
    ? { highlighted: snippet?.hierarchy?.[level]?.value, text: hit.hierarchy[level] }
    : { highlighted: snippet?.content?.value, text: hit.content };
  const path = level === 'lvl1' ? null : { highlighted: snippet?.hierarchy?.lvl1?.value, text: hit.hierarchy.lvl1 };
  const cell = (index: number) => `${rowId}-${index}`;
  return (
    <div
      role="row"
      id={rowId}
      className={`search-hit${child ? ' search-hit--child' : ''}${activeCell !== null ? ' search-hit--active' : ''}`}
      onMouseMove={onHover}
    >
      <div
        role="gridcell"
        id={cell(0)}
        aria-selected={activeCell === 0}
        className="search-hit__cell search-hit__cell--main"
      >
        <a className="search-hit__link" href={href} tabIndex={-1} onClick={onSelect}>
          {child && <TreeIcon />}
          <span className="search-hit__icon">{icon ?? typeIcon(hit)}</span>
          <span className="search-hit__text">
            <span className="search-hit__title">
              <HighlightedText {...title} />
            </span>
            {path && path.text && (
              <span className="search-hit__path">
                <HighlightedText {...path} />
              </span>
            )}
          </span>
          {actions.length === 0 && (
            <span className="search-hit__enter">
              <EnterIcon />
            </span>
          )}
        </a>
      </div>
      {actions.map((action, index) => (
        <div
          key={action.id}
          role="gridcell"
          id={cell(index + 1)}
          aria-selected={activeCell === index + 1}
          className="search-hit__cell"
        >
          <button
            type="button"
            tabIndex={-1}
            className={`search-hit__action${activeCell === index + 1 ? ' search-hit__action--active' : ''}`}
            title={action.label}
            aria-label={action.label}
            onClick={action.onActivate}
          >
            {action.icon}
          </button>
        </div>
      ))}
    </div>
  );
}
