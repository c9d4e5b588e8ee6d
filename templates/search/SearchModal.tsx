import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { groupHits, groupTitles } from '../../src/client/search/groupHits.ts';
import { hitUrl } from '../../src/client/search/hitUrl.ts';
import { createInsightsReporter, loadInsights } from '../../src/client/search/hosted/insights.ts';
import type { SearchBackend } from '../../src/client/search/loadSearchBackend.ts';
import { searchRequest, snippetWords } from '../../src/client/search/searchRequest.ts';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';
import type { StoredHit } from '../../src/client/search/storedSearches.ts';
import { SearchBox } from './SearchBox.tsx';
import { SearchFooter } from './SearchFooter.tsx';
import { SearchHitRow, type RowCell } from './SearchHitRow.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { GridSection } from './GridSection.tsx';
import { NoResultsScreen } from './NoResultsScreen.tsx';
import { RecentIcon, RemoveIcon, StarIcon } from './searchIcons.tsx';
import { useSearchResults } from './useSearchResults.ts';
import { useStoredSearches } from './useStoredSearches.ts';
import { useGridCursor, type GridRow } from './useGridCursor.ts';

/** What the modal is opened with. */
export interface SearchModalProps {
  /** Settings and client; null when they could not be loaded (every query then fails). */
  backend: SearchBackend | null;
  initialQuery: string;
  /** Selected text prefilled is selected in the input (typing replaces it); a typed letter is not. */
  selectInitialQuery: boolean;
  onClose: () => void;
}

interface Row extends GridRow {
  hit: SearchHit | StoredHit;
  href: string | undefined;
  child?: boolean;
  actions: RowCell[];
  /** Position among the results (1-based), for insights. */
  position?: number;
}

const gridId = 'search-modal-grid';
const unavailable = () => Promise.reject(new Error('search settings could not be loaded'));

/**
 * The search modal (spec §2): a WAI-ARIA combobox whose popup is a grid. The input keeps focus;
 * arrows move the active row (and, on a stored search, across its actions), Enter follows the
 * active link as a click would (in place, or a new tab with Ctrl/⌘), Escape closes.
 */
export default function SearchModal({ backend, initialQuery, selectInitialQuery, onClose }: SearchModalProps) {
  const settings = backend?.settings;
  const [query, setQuery] = useState(initialQuery);
  const snippet = useMemo(snippetWords, []);
  const search = useCallback(
    (text: string) =>
      backend
        ? backend.client
            .search({ requests: [searchRequest(backend.settings, text, { snippet })] })
            .then((response) => response.results[0])
        : unavailable(),
    [backend, snippet],
  );
  const { status, result } = useSearchResults(query, search);
  const stored = useStoredSearches(settings?.indexName ?? '');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const insights = useMemo(() => {
    const hosted = settings?.backend.kind === 'hosted' ? settings.backend : undefined;
    return hosted?.insights
      ? createInsightsReporter(loadInsights(hosted.appId, hosted.apiKey), settings!.indexName)
      : undefined;
  }, [settings]);
  const inputRef = useRef<HTMLInputElement>(null);
  const external = settings?.externalUrlRegex;

  const screen = !query
    ? 'start'
    : status === 'error'
      ? 'error'
      : !result
        ? 'pending'
        : result.hits.length === 0
          ? 'none'
          : 'results';

  const groups = useMemo(
    () => (result && screen === 'results' ? groupHits(result.hits, settings?.maxResultsPerGroup ?? 5) : []),
    [result, screen, settings],
  );
  const sections = useMemo(() => {
    if (screen === 'start') {
      const recent = stored.recent.map(
        (hit, i): Row => ({
          id: `search-recent-${i}`,
          cells: 3,
          hit,
          href: hitUrl(hit.url, external),
          actions: [
            { id: 'save', label: 'Save this search', icon: <StarIcon />, onActivate: () => stored.favorite(hit) },
            {
              id: 'remove',
              label: 'Remove this search from history',
              icon: <RemoveIcon />,
              onActivate: () => stored.removeRecent(hit),
            },
          ],
        }),
      );
      const favorites = stored.favorites.map(
        (hit, i): Row => ({
          id: `search-favorite-${i}`,
          cells: 2,
          hit,
          href: hitUrl(hit.url, external),
          actions: [
            {
              id: 'remove',
              label: 'Remove this search from favorites',
              icon: <RemoveIcon />,
              onActivate: () => stored.removeFavorite(hit),
            },
          ],
        }),
      );
      return [
        { id: 'search-section-recent', title: 'Recent', rows: recent, icon: <RecentIcon /> },
        { id: 'search-section-favorite', title: 'Favorite', rows: favorites, icon: <StarIcon /> },
      ].filter((section) => section.rows.length > 0);
    }
    let position = 0;
    return groups.map((group, g) => ({
      id: `search-section-${g}`,
      title: group.title,
      icon: undefined,
      rows: group.hits.map(
        ({ hit, child }, i): Row => ({
          id: `search-hit-${g}-${i}`,
          cells: 1,
          hit,
          href: hitUrl(hit.url, external),
          child,
          actions: [],
          position: ++position,
        }),
      ),
    }));
    // The actions read the stored lists they were made with: rebuilt when the lists change.
  }, [screen, groups, stored.recent, stored.favorites, external]);
  const rows = useMemo(() => sections.flatMap((section) => section.rows), [sections]);

  const { active, activeCellId, setActive, move } = useGridCursor(rows);

  useEffect(() => {
    if (result && result.hits.length > 0) {
      const titles = groupTitles(result.hits);
      setSuggestions((previous) => (titles.length > previous.length ? titles : previous));
    }
    insights?.viewed(result?.hits.map((hit, i) => ({ objectID: hit.objectID, position: i + 1 })) ?? []);
  }, [result, insights]);

  // Before the first paint: a key pressed as soon as the modal shows (Ctrl+K again, Escape, a
  // letter) must already find the focus in the input and the page marked as having a modal open.
  useLayoutEffect(() => {
    const input = inputRef.current;
    input?.focus();
    if (selectInitialQuery) input?.setSelectionRange(0, initialQuery.length);
    document.body.classList.add('search-modal-open');
    return () => document.body.classList.remove('search-modal-open');
  }, [initialQuery, selectInitialQuery]);

  const chosen = (row: Row) => {
    stored.remember(row.hit as SearchHit);
    if (row.position && result)
      insights?.clicked({ objectID: row.hit.objectID, position: row.position }, result.queryID);
  };
  const onSelect = (row: Row) => (event: MouseEvent<HTMLAnchorElement>) => {
    chosen(row);
    // With a modifier (or another button) the browser opens a new tab or window; the modal stays.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (move(event) || event.key !== 'Enter' || !active) return;
    event.preventDefault();
    const row = rows[active.row];
    if (active.cell > 0) {
      row.actions[active.cell - 1].onActivate?.();
    } else if (event.ctrlKey || event.metaKey || event.shiftKey) {
      chosen(row);
      if (row.href) window.open(row.href, '_blank', 'noopener');
    } else {
      document.getElementById(activeCellId!)?.querySelector('a')?.click();
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const toggle = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (event.key === 'Escape' || toggle) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      trapFocus(event);
    }
  };

  return createPortal(
    <div
      className={`search-modal${status === 'stalled' ? ' search-modal--stalled' : ''}`}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className="search-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        onKeyDown={onDialogKeyDown}
      >
        <header className="search-modal__header">
          <SearchBox
            ref={inputRef}
            query={query}
            stalled={status === 'stalled'}
            gridId={gridId}
            expanded={rows.length > 0}
            activeDescendant={activeCellId}
            onQuery={setQuery}
            onKeyDown={onKeyDown}
            onCancel={onClose}
          />
        </header>
        <div className="search-modal__dropdown">
          {screen === 'error' && <ErrorScreen />}
          {screen === 'none' && result && (
            <NoResultsScreen
              query={result.query}
              suggestions={suggestions}
              missingResultsUrl={settings?.missingResultsUrl ?? ''}
              onSuggestion={setQuery}
            />
          )}
          {screen === 'start' && sections.length === 0 && (
            <p className="search-screen search-screen--start">No recent searches</p>
          )}
          <div
            role="grid"
            id={gridId}
            aria-label={screen === 'start' ? 'Recent and favorite searches' : 'Search results'}
            className="search-modal__grid"
            hidden={rows.length === 0}
            // Focus stays in the input (the combobox), whatever is clicked in its popup.
            onMouseDown={(event) => event.preventDefault()}
          >
            {sections.map((section) => (
              <GridSection key={section.id} id={section.id} title={section.title}>
                {section.rows.map((row, i) => {
                  const index = rows.indexOf(row);
                  return (
                    <SearchHitRow
                      key={row.id}
                      rowId={row.id}
                      hit={row.hit}
                      href={row.href}
                      child={row.child}
                      icon={section.icon}
                      actions={row.actions}
                      activeCell={active?.row === index ? active.cell : null}
                      onHover={() => active?.row !== index && setActive({ row: index, cell: 0 })}
                      onSelect={onSelect(row)}
                    />
                  );
                })}
              </GridSection>
            ))}
          </div>
          {screen === 'results' && result && settings && (
            <p className="search-modal__see-all">
              <a href={`${settings.searchPagePath}?q=${encodeURIComponent(query)}`} onClick={onClose}>
                See all {result.nbHits} results
              </a>
            </p>
          )}
        </div>
        <SearchFooter hosted={settings?.backend.kind === 'hosted'} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {screen === 'results' && result ? `${result.nbHits} results` : screen === 'none' ? 'No results' : ''}
        </p>
      </div>
    </div>,
    document.body,
  );
}

/** Tab and Shift+Tab cycle through the dialog's controls (aria-modal promises focus stays inside). */
function trapFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      'input, button:not([tabindex="-1"]):not([hidden]), a[href]:not([tabindex="-1"])',
    ),
  ].filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
