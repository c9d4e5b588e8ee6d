import { useCallback, useEffect, useRef, useState } from 'react';
import { hierarchyLevels } from '../../src/model/searchRecord.ts';
import { hitUrl } from '../../src/client/search/hitUrl.ts';
import { loadSearchBackend } from '../../src/client/search/loadSearchBackend.ts';
import { searchRequest, snippetWords } from '../../src/client/search/searchRequest.ts';
import type { SearchHit, SearchResult } from '../../src/client/search/searchResponse.ts';
import { maxQueryLength } from './SearchBox.tsx';
import { HighlightedText } from './HighlightedText.tsx';
import { useSearchResults } from './useSearchResults.ts';

/** Spec: results update as the query changes, after the reader pauses this long. */
const typingPauseMs = 300;

const countText = (count: number) =>
  count === 0 ? 'No results were found' : count === 1 ? 'One document found' : `${count} documents found`;

/**
 * A hit's title (its deepest level), where it is (the levels above it, highlighted: section, page,
 * headings), and its snippet. One rule for every hit: a level that repeats the next is said once,
 * so a page at the top of the sidebar (its own section) reads as its page breadcrumbs do.
 */
function resultParts(hit: SearchHit) {
  const levels = hierarchyLevels.filter((level) => hit.hierarchy[level]);
  const text = (level: (typeof hierarchyLevels)[number]) => ({
    highlighted: hit._highlightResult?.hierarchy?.[level]?.value,
    text: hit.hierarchy[level] ?? '',
  });
  const parts = levels.map(text);
  return {
    title: parts[parts.length - 1],
    breadcrumbs: parts.slice(0, -1).filter((part, index) => part.text !== parts[index + 1].text),
    snippet: hit._snippetResult?.content?.value,
  };
}

/**
 * The search page (/search/?q=): reads `q`, keeps the address in step with the query, shows the
 * total and every result, 20 per request, the next page loaded when the end of the list comes
 * into view (or on the button). Works with either backend, like the modal.
 */
export function SearchPageView({ searchPath }: { searchPath: string }) {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [pages, setPages] = useState<SearchResult[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [external, setExternal] = useState<string | undefined>();
  const sentinel = useRef<HTMLButtonElement>(null);

  const fetchPage = useCallback(
    async (text: string, page: number) => {
      const { settings, client } = await loadSearchBackend(searchPath);
      setExternal(settings.externalUrlRegex);
      const response = await client.search({
        requests: [searchRequest(settings, text, { page, snippet: snippetWords() })],
      });
      return response.results[0];
    },
    [searchPath],
  );
  const firstPage = useCallback((text: string) => fetchPage(text, 0), [fetchPage]);
  const { status, result } = useSearchResults(submitted, firstPage);

  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Text typed before the page's script ran wins over the address.
    const initial = (input.current?.value || new URLSearchParams(window.location.search).get('q') || '').slice(
      0,
      maxQueryLength,
    );
    setQuery(initial);
    setSubmitted(initial);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setSubmitted(query.trim() ? query : ''), typingPauseMs);
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (url.href !== window.location.href) history.replaceState(history.state, '', url);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => setPages(result ? [result] : []), [result]);

  const last = pages[pages.length - 1];
  const hasMore = Boolean(last && last.page + 1 < last.nbPages);
  // The observer and the button can both ask before React re-renders: one request per page, and
  // a page that is already on screen is never appended again.
  const inFlight = useRef<string | undefined>(undefined);
  const loadMore = useCallback(() => {
    if (!last || !hasMore) return;
    const key = `${last.page + 1}\u0000${submitted}`;
    if (inFlight.current === key) return;
    inFlight.current = key;
    setLoadingMore(true);
    fetchPage(submitted, last.page + 1)
      .then(
        (next) =>
          setPages((current) =>
            current[0]?.query === next.query && !current.some((shown) => shown.page === next.page)
              ? [...current, next]
              : current,
          ),
        (error: unknown) => console.error('Search failed:', error),
      )
      .finally(() => {
        if (inFlight.current === key) inFlight.current = undefined;
        setLoadingMore(false);
      });
  }, [last, hasMore, fetchPage, submitted]);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && loadMore(),
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const hits = pages.flatMap((page) => page.hits);
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
          setSubmitted(query.trim() ? query : '');
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
          {hits.map((hit) => {
            const parts = resultParts(hit);
            return (
              <li key={hit.objectID} className="search-page__result">
                <h2 className="search-page__result-title">
                  <a href={hitUrl(hit.url, external)}>
                    <HighlightedText {...parts.title} />
                  </a>
                </h2>
                {parts.breadcrumbs.length > 0 && (
                  <ol className="search-page__breadcrumbs" aria-label="Where it is">
                    {parts.breadcrumbs.map((crumb, i) => (
                      <li key={i}>
                        <HighlightedText {...crumb} />
                      </li>
                    ))}
                  </ol>
                )}
                {parts.snippet && (
                  <p className="search-page__snippet">
                    <HighlightedText highlighted={parts.snippet} text={null} />
                  </p>
                )}
              </li>
            );
          })}
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
