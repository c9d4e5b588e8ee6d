import { maxQueryLength } from './SearchBox.tsx';
import { SearchPageResult } from './SearchPageResult.tsx';
import { useAddressQuery } from './useAddressQuery.ts';
import { usePagedResults } from './usePagedResults.ts';

const countText = (count: number) =>
  count === 0 ? 'No results were found' : count === 1 ? 'One document found' : `${count} documents found`;

/**
 * The search page (/search/?q=): reads `q`, keeps the address in step with the query, shows the
 * total and every result, 20 per request, the next page loaded when the end of the list comes
 * into view (or on the button). Works with either backend, like the modal.
 */
export function SearchPageView({ searchPath }: { searchPath: string }) {
  const { input, query, setQuery, submitted, submit } = useAddressQuery();
  const { status, result, hits, external, hasMore, loadMore, loadingMore, sentinel } = usePagedResults(
    searchPath,
    submitted,
  );
  return (
    <div className="search-page">
      <h1>{submitted ? `Search results for "${submitted}"` : 'Search the documentation'}</h1>
      <form
        className="search-page__form"
        action={searchPath}
        method="get"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="search-page-input" className="visually-hidden">
          Search query
        </label>
        <input
          ref={input}
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          maxLength={maxQueryLength}
          placeholder="Search docs"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value.slice(0, maxQueryLength))}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <div aria-live="polite" aria-busy={status === 'loading' || status === 'stalled'}>
        {status === 'error' && (
          <p className="search-page__status" role="alert">
            Unable to fetch results. You might want to check your network connection.
          </p>
        )}
        {status !== 'error' && result && submitted && <p className="search-page__count">{countText(result.nbHits)}</p>}
        {status === 'stalled' && !result && <p className="search-page__status">Loading results…</p>}
      </div>
      {status !== 'error' && hits.length > 0 && (
        <ol className="search-page__results">
          {hits.map((hit) => (
            <SearchPageResult key={hit.objectID} hit={hit} external={external} />
          ))}
        </ol>
      )}
      {status !== 'error' && hasMore && (
        <div className="search-page__more">
          <button
            ref={sentinel}
            type="button"
            className="button button--secondary"
            onClick={loadMore}
            disabled={loadingMore}
          >
            {loadingMore ? 'Fetching new results…' : 'Load more results'}
          </button>
        </div>
      )}
    </div>
  );
}
