import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSearchBackend } from '../../src/client/search/loadSearchBackend.ts';
import { searchRequest, snippetWords } from '../../src/client/search/searchRequest.ts';
import type { SearchResult } from '../../src/client/search/searchResponse.ts';
import { useSearchResults } from './useSearchResults.ts';

/**
 * Every result of a query, 20 per request: the first page with its status, the next one loaded
 * when `sentinel` comes into view (or on `loadMore`). Works with either backend, like the modal.
 */
export function usePagedResults(searchPath: string, submitted: string) {
  // The pages after the first, kept with the first page they follow: a new first page shows
  // alone in the same render as its count, never beside the previous query's hits.
  const [more, setMore] = useState<{ after?: SearchResult; pages: SearchResult[] }>({ pages: [] });
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
  const pages = result ? [result, ...(more.after === result ? more.pages : [])] : [];

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
          setMore((current) => {
            if (!result || result.query !== next.query || next.page === result.page) return current;
            const shown = current.after === result ? current.pages : [];
            return shown.some((page) => page.page === next.page) ? current : { after: result, pages: [...shown, next] };
          }),
        (error: unknown) => console.error('Search failed:', error),
      )
      .finally(() => {
        if (inFlight.current === key) inFlight.current = undefined;
        setLoadingMore(false);
      });
  }, [last, hasMore, fetchPage, submitted, result]);
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
  return { status, result, hits, external, hasMore, loadMore, loadingMore, sentinel };
}
