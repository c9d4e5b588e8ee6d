import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { groupHits } from '../../src/client/search/groupHits.ts';
import type { SearchBackend } from '../../src/client/search/loadSearchBackend.ts';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { ModalGrid } from './ModalGrid.tsx';
import { modalKeys } from './modalKeys.ts';
import { hitSections, storedSections, type ModalRow } from './modalSections.tsx';
import { NoResultsScreen } from './NoResultsScreen.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchFooter } from './SearchFooter.tsx';
import { useGridCursor } from './useGridCursor.ts';
import { useModalSearch } from './useModalSearch.ts';
import { useStoredSearches } from './useStoredSearches.ts';

/** What the modal is opened with. */
export interface SearchModalProps {
  /** Settings and client; null when they could not be loaded (every query then fails). */
  backend: SearchBackend | null;
  initialQuery: string;
  /** Selected text prefilled is selected in the input (typing replaces it); a typed letter is not. */
  selectInitialQuery: boolean;
  onClose: () => void;
}

const gridId = 'search-modal-grid';

/**
 * The search modal (spec §2): a WAI-ARIA combobox whose popup is a grid. The input keeps focus;
 * arrows move the active row (and, on a stored search, across its actions), Enter follows the
 * active link as a click would (in place, or a new tab with Ctrl/⌘), Escape closes.
 */
export default function SearchModal({ backend, initialQuery, selectInitialQuery, onClose }: SearchModalProps) {
  const settings = backend?.settings;
  const [query, setQuery] = useState(initialQuery);
  const { status, result, screen, suggestions, insights } = useModalSearch(backend, query);
  const stored = useStoredSearches(settings?.indexName ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const external = settings?.externalUrlRegex;

  const groups = useMemo(
    () => (result && screen === 'results' ? groupHits(result.hits, settings?.maxResultsPerGroup ?? 5) : []),
    [result, screen, settings],
  );
  const sections = useMemo(
    () => (screen === 'start' ? storedSections(stored, external) : hitSections(groups, external)),
    // The actions read the stored lists they were made with: rebuilt when the lists change.
    [screen, groups, stored.recent, stored.favorites, external],
  );
  const rows = useMemo(() => sections.flatMap((section) => section.rows), [sections]);

  const { active, activeCellId, setActive, move } = useGridCursor(rows);

  // Before the first paint: a key pressed as soon as the modal shows (Ctrl+K again, Escape, a
  // letter) must already find the focus in the input and the page marked as having a modal open.
  useLayoutEffect(() => {
    const input = inputRef.current;
    input?.focus();
    if (selectInitialQuery) input?.setSelectionRange(0, initialQuery.length);
    document.body.classList.add('search-modal-open');
    return () => document.body.classList.remove('search-modal-open');
  }, [initialQuery, selectInitialQuery]);

  const chosen = (row: ModalRow) => {
    stored.remember(row.hit as SearchHit);
    if (row.position && result)
      insights?.clicked({ objectID: row.hit.objectID, position: row.position }, result.queryID);
  };
  const onSelect = (row: ModalRow) => (event: MouseEvent<HTMLAnchorElement>) => {
    chosen(row);
    // With a modifier (or another button) the browser opens a new tab or window; the modal stays.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    onClose();
  };

  const { onInputKeyDown, onDialogKeyDown } = modalKeys({ rows, active, activeCellId, move, chosen, onClose });

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
            onKeyDown={onInputKeyDown}
            onCancel={onClose}
          />
        </header>
        <div className="search-modal__dropdown">
          {screen === 'error' && <ErrorScreen />}
          {screen === 'none' && result && (
            <NoResultsScreen
              query={result.query}
              suggestions={suggestions}
              missingResultsUrl={settings?.missingResultsUrl}
              onSuggestion={setQuery}
            />
          )}
          {screen === 'start' && sections.length === 0 && (
            <p className="search-screen search-screen--start">No recent searches</p>
          )}
          <ModalGrid
            id={gridId}
            label={screen === 'start' ? 'Recent and favorite searches' : 'Search results'}
            sections={sections}
            rows={rows}
            active={active}
            setActive={setActive}
            onSelect={onSelect}
          />
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
