import type { DocsgenConfig } from '../config/schema.ts';
import type { LocalIndexManifest, RecordChunksManifest } from './localIndex/indexFormat.ts';
import { docsVersionTag, defaultTag, searchLanguage } from './buildSearchRecords.ts';

/**
 * What the browser needs to search, written to `search/settings.json` at build time and read by
 * the modal and the search page on first use: the backend and how results are shown.
 */
export interface SearchSettings {
  backend:
    | { kind: 'local'; index: LocalIndexManifest }
    | { kind: 'hosted'; appId: string; apiKey: string; hosts?: string[]; insights: boolean };
  /** The index queried, and the suffix of the local-storage keys of recent and favorite searches. */
  indexName: string;
  searchPagePath: string;
  maxResultsPerGroup: number;
  /** Docusaurus's contextual filters: this language, and untagged pages or this docs version. */
  facetFilters?: (string | string[])[];
  externalUrlRegex?: string;
  /** With `{query}` where the query goes. */
  missingResultsUrl?: string;
  /** Where the records are, when a hosted index is searched (the local index's manifest says it otherwise). */
  records?: RecordChunksManifest;
}

/** Where the settings are, below the output folder. */
export const settingsPath = 'search/settings.json';
/** The index name of the local backend (the suffix of its stored searches' keys). */
export const localIndexName = 'local';

/** The settings for the config's backend, with the local index's manifest or the record chunks'. */
export function searchSettings(
  config: Pick<DocsgenConfig, 'baseUrl' | 'search'>,
  localIndex: LocalIndexManifest | undefined,
  recordChunks?: RecordChunksManifest,
): SearchSettings {
  const { search } = config;
  const backend: SearchSettings['backend'] = search.algolia
    ? {
        kind: 'hosted',
        appId: search.algolia.appId,
        apiKey: search.algolia.apiKey,
        hosts: search.algolia.hosts,
        insights: search.algolia.insights,
      }
    : { kind: 'local', index: localIndex! };
  return {
    backend,
    indexName: search.algolia?.indexName ?? localIndexName,
    searchPagePath: `${config.baseUrl}search/`,
    maxResultsPerGroup: search.maxResultsPerGroup,
    facetFilters: search.contextualSearch
      ? [`language:${searchLanguage}`, [`docusaurus_tag:${defaultTag}`, `docusaurus_tag:${docsVersionTag}`]]
      : undefined,
    externalUrlRegex: search.externalUrlRegex,
    missingResultsUrl: search.missingResultsUrl,
    ...(recordChunks ? { records: recordChunks } : {}),
  };
}
