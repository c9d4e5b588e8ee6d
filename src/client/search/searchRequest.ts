import { hierarchyLevels } from '../../model/searchRecord.ts';
import type { SearchSettings } from '../../search/searchSettings.ts';
import { serializeSearchParams } from './searchParams.ts';
import { docsVersionTag } from '../../search/buildSearchRecords.ts';
import { readStored, storageKeys } from '../storage.ts';

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
      facetFilters: contextualFilters(settings.facetFilters),
    }),
  };
}

/**
 * The contextual filters for the version being read: the build's filters name the current
 * version's tag; a page of another version names its own in its head (as DocSearch's crawler reads
 * it), and a page the versions share (home, /search/) takes the reader's preferred version.
 */
function contextualFilters(filters: SearchSettings['facetFilters']): SearchSettings['facetFilters'] {
  if (!filters) return undefined;
  const preferred = readStored(storageKeys.docsVersion);
  const tag =
    document.querySelector<HTMLMetaElement>('meta[name="docsearch:docusaurus_tag"]')?.content ??
    (preferred ? `docs-default-${preferred}` : docsVersionTag);
  const current = `docusaurus_tag:${docsVersionTag}`;
  return filters.map((filter) =>
    Array.isArray(filter) ? filter.map((value) => (value === current ? `docusaurus_tag:${tag}` : value)) : filter,
  );
}
