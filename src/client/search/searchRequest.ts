import { hierarchyLevels } from '../../model/searchRecord.ts';
import type { SearchSettings } from '../../search/searchSettings.ts';
import { serializeSearchParams } from './searchParams.ts';

/** Snippets are 10 words, or 5 on narrow screens (spec §9). */
export const snippetWords = () => (window.matchMedia('(max-width: 768px)').matches ? 5 : 10);
/** Hits asked for per query: enough to fill the modal's groups. */
export const hitsPerPage = 20;
/** The tags the backend wraps matched words in: the only markup read from a search response. */
export const highlightTags = { pre: '<mark>', post: '</mark>' } as const;

/**
 * The request the modal and the search page send, to either backend: DocSearch's attributes,
 * snippets and highlight tags, 20 hits a page, the contextual filters, and click analytics only
 * with insights (spec §7).
 */
export function searchRequest(settings: SearchSettings, query: string, options: { page?: number; snippet: number }) {
  return {
    indexName: settings.indexName,
    query,
    params: serializeSearchParams({
      attributesToRetrieve: [...hierarchyLevels.map((level) => `hierarchy.${level}`), 'content', 'type', 'url'],
      attributesToSnippet: [
        ...hierarchyLevels.slice(1).map((level) => `hierarchy.${level}:${options.snippet}`),
        `content:${options.snippet}`,
      ],
      snippetEllipsisText: '…',
      highlightPreTag: highlightTags.pre,
      highlightPostTag: highlightTags.post,
      hitsPerPage,
      page: options.page,
      clickAnalytics: settings.backend.kind === 'hosted' && settings.backend.insights ? true : undefined,
      facetFilters: settings.facetFilters,
    }),
  };
}
