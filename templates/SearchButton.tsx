import { useEffect, useState } from 'react';
import { SearchIcon } from './icons.tsx';

/** Turns the page's selected text into a starting query, cut to the search input's 64 characters. */
function selectedQuery(): string {
  return (window.getSelection()?.toString() ?? '').trim().replace(/\s+/g, ' ').slice(0, 64);
}

/**
 * The navbar's search button (an island) with its Ctrl/⌘ K hint. It opens the search page with
 * the selected text as the query.
 */
export function SearchButton({ searchPath }: { searchPath: string }) {
  const [modifier, setModifier] = useState('Ctrl');
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setModifier('⌘');
  }, []);
  return (
    <button
      type="button"
      className="search-button"
      aria-label="Search"
      aria-keyshortcuts="Control+K Meta+K /"
      onClick={() => {
        const query = selectedQuery();
        window.location.assign(query ? `${searchPath}?q=${encodeURIComponent(query)}` : searchPath);
      }}
    >
      <SearchIcon />
      <span className="search-button__label">Search</span>
      <span className="search-button__keys" aria-hidden="true">
        <kbd>{modifier}</kbd>
        <kbd>K</kbd>
      </span>
    </button>
  );
}
