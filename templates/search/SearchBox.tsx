import { forwardRef, type KeyboardEvent } from 'react';
import { SearchIcon } from '../icons.tsx';
import { SpinnerIcon } from './searchIcons.tsx';

/** The search input's limit (spec §5). */
export const maxQueryLength = 64;

interface SearchBoxProps {
  query: string;
  stalled: boolean;
  gridId: string;
  expanded: boolean;
  activeDescendant: string | undefined;
  onQuery: (query: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onCancel: () => void;
}

/** The combobox: the input (64 characters at most), its clear control, and Cancel. */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox(
  { query, stalled, gridId, expanded, activeDescendant, onQuery, onKeyDown, onCancel },
  ref,
) {
  return (
    <form
      className="search-box"
      role="search"
      action=""
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onReset={() => onQuery('')}
    >
      <label className="search-box__label" htmlFor="search-modal-input">
        {stalled ? <SpinnerIcon /> : <SearchIcon />}
        <span className="visually-hidden">Search</span>
      </label>
      <input
        ref={ref}
        id="search-modal-input"
        className="search-box__input"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="grid"
        aria-expanded={expanded}
        aria-controls={gridId}
        aria-activedescendant={activeDescendant}
        placeholder="Search docs"
        maxLength={maxQueryLength}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        enterKeyHint="go"
        spellCheck={false}
        value={query}
        onChange={(event) => onQuery(event.target.value.slice(0, maxQueryLength))}
        onKeyDown={onKeyDown}
      />
      <button
        type="reset"
        className="search-box__reset"
        title="Clear the query"
        aria-label="Clear the query"
        hidden={!query}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z"
            stroke="currentColor"
            fill="none"
            fillRule="evenodd"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <button type="button" className="search-box__cancel" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
});
