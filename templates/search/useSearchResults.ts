import { useEffect, useRef, useState } from 'react';
import type { SearchResult } from '../../src/client/search/searchResponse.ts';

/** Search status (spec §4): a request slower than this is `stalled`. */
export const stallThresholdMs = 300;

/** Where a query is: none, waiting, slow, or failed. */
export type SearchStatus = 'idle' | 'loading' | 'stalled' | 'error';

/**
 * The answer to the current query and the status of the request behind it. The previous answer
 * stays on screen while a new one loads; an answer that arrives after a newer query is dropped;
 * a failure stays on screen until the query changes.
 */
export function useSearchResults(query: string, search: (query: string) => Promise<SearchResult>) {
  const [state, setState] = useState<{ status: SearchStatus; result: SearchResult | null }>({
    status: 'idle',
    result: null,
  });
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    if (!query) {
      setState({ status: 'idle', result: null });
      return;
    }
    const current = () => latest.current === request;
    setState((previous) => ({ ...previous, status: 'loading' }));
    const stalled = setTimeout(
      () => current() && setState((previous) => ({ ...previous, status: 'stalled' })),
      stallThresholdMs,
    );
    search(query)
      .then(
        (result) => current() && setState({ status: 'idle', result }),
        (error: unknown) => {
          if (!current()) return;
          console.error('Search failed:', error);
          setState({ status: 'error', result: null });
        },
      )
      .finally(() => clearTimeout(stalled));
    return () => clearTimeout(stalled);
  }, [query, search]);
  return state;
}
