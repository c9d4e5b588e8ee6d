import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from './icons.tsx';
import { loadSearchBackend, type SearchBackend } from '../src/client/search/loadSearchBackend.ts';

const loadSearchModal = () => import('./search/SearchModal.tsx');
const SearchModal = lazy(loadSearchModal);

/** The page's selected text as a starting query, cut to the search input's 64 characters (spec §5). */
function selectedQuery(): string {
  return (window.getSelection()?.toString() ?? '').trim().replace(/\s+/g, ' ').slice(0, 64);
}

/** A letter or digit typed on the focused button starts the query with it. */
const startsQuery = (event: KeyboardEvent) =>
  event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * The navbar's search button (an island) with its Ctrl/⌘ K hint. The modal's code, the search
 * settings and the backend load on first intent (pointer over, focus, touch, or the shortcut),
 * never with the page. Its name is its visible label, "Search" (WCAG 2.5.3, Label in Name): the
 * key hint is hidden from screen readers, which are told the shortcut by `aria-keyshortcuts`.
 */
export function SearchButton({ searchPath }: { searchPath: string }) {
  const [modifier, setModifier] = useState('Ctrl');
  const [modal, setModal] = useState<{
    backend: SearchBackend | null;
    initialQuery: string;
    selectInitialQuery: boolean;
  } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => {
    void loadSearchModal();
    loadSearchBackend(searchPath).catch(() => undefined);
  };
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setModifier('⌘');
    // Hydration itself happens on intent: the pointer may already be over the button.
    if (button.current?.matches(':hover, :focus')) preload();
  }, []);
  // Letters typed while the modal loads are added to the query it opens with.
  const opening = useRef<{ query: string } | null>(null);
  const open = async (initialQuery: string, selectInitialQuery: boolean) => {
    if (opening.current) {
      if (!selectInitialQuery) opening.current.query += initialQuery;
      return;
    }
    opening.current = { query: initialQuery };
    const [backend] = await Promise.all([loadSearchBackend(searchPath).catch(() => null), loadSearchModal()]);
    setModal({ backend, initialQuery: opening.current.query, selectInitialQuery });
    opening.current = null;
  };
  const close = () => {
    setModal(null);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-button"
        aria-keyshortcuts="Control+K Meta+K /"
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={() => void open(selectedQuery(), true)}
        onKeyDown={(event) => {
          if (!startsQuery(event)) return;
          // Taken here, so the letter is not typed a second time into the input (DocSearch 3's defect).
          event.preventDefault();
          void open(event.key, false);
        }}
      >
        <SearchIcon />
        <span className="search-button__label">Search</span>
        <span className="search-button__keys" aria-hidden="true">
          <kbd>{modifier}</kbd>
          <kbd>K</kbd>
        </span>
      </button>
      {modal && (
        <Suspense fallback={null}>
          <SearchModal {...modal} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
