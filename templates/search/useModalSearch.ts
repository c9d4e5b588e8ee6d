import { useCallback, useEffect, useMemo, useState } from 'react';
import { groupTitles } from '../../src/client/search/groupHits.ts';
import { createInsightsReporter, loadInsights } from '../../src/client/search/hosted/insights.ts';
import type { SearchBackend } from '../../src/client/search/loadSearchBackend.ts';
import { searchRequest, snippetWords } from '../../src/client/search/searchRequest.ts';
import type { SearchResult } from '../../src/client/search/searchResponse.ts';
import { useSearchResults, type SearchStatus } from './useSearchResults.ts';

/** What the modal's dropdown shows (spec §4): the start screen, an error, a wait, no results, or results. */
export type ModalScreen = 'start' | 'error' | 'pending' | 'none' | 'results';

const unavailable = () => Promise.reject(new Error('search settings could not be loaded'));

/**
 * The modal's query against its backend: the answer and its status, the screen they call for,
 * the group titles seen so far (suggestions on the no-results screen), and the insights reporter
 * when the hosted backend has insights on.
 */
export function useModalSearch(backend: SearchBackend | null, query: string) {
  const settings = backend?.settings;
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
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const insights = useMemo(() => {
    const hosted = settings?.backend.kind === 'hosted' ? settings.backend : undefined;
    return hosted?.insights
      ? createInsightsReporter(loadInsights(hosted.appId, hosted.apiKey), settings!.indexName)
      : undefined;
  }, [settings]);

  useEffect(() => {
    if (result && result.hits.length > 0) {
      const titles = groupTitles(result.hits);
      setSuggestions((previous) => (titles.length > previous.length ? titles : previous));
    }
    insights?.viewed(result?.hits.map((hit, i) => ({ objectID: hit.objectID, position: i + 1 })) ?? []);
  }, [result, insights]);

  return { status, result, screen: modalScreen(query, status, result), suggestions, insights };
}

function modalScreen(query: string, status: SearchStatus, result: SearchResult | null): ModalScreen {
  if (!query) return 'start';
  if (status === 'error') return 'error';
  if (!result) return 'pending';
  return result.hits.length === 0 ? 'none' : 'results';
}
