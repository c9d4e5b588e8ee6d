import { fragmentHref } from '../../src/model/apiAnchors.ts';
import type { ChangeMark } from '../../src/model/apiReference.ts';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';

/**
 * A category of the reference's navigation (a tag, or the webhooks): its link, then one link per
 * operation or webhook. In a split reference the category of the page shown is marked current.
 */
export function ApiNavCategory({
  href,
  label,
  entries,
  current,
}: {
  href: string;
  label: string;
  entries: { anchor: string; method: string; summary: string; mark?: ChangeMark }[];
  current?: boolean;
}) {
  return (
    <div className="menu__category">
      <div className="menu__category-row">
        <a
          className={current ? 'menu__link menu__link--category menu__link--active' : 'menu__link menu__link--category'}
          href={href}
          aria-current={current ? 'page' : undefined}
        >
          {label}
        </a>
      </div>
      {entries.length > 0 && (
        <ul className="menu__list menu__list--nested">
          {entries.map((entry) => (
            <li key={entry.anchor} className="menu__item">
              <a className="menu__link api-nav__operation" href={fragmentHref(entry.anchor)}>
                <span className={`api-method api-method--small api-method--${entry.method.toLowerCase()}`}>
                  {entry.method}
                </span>
                <span>{entry.summary}</span>
                <ChangeMarkBadge mark={entry.mark} short />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
