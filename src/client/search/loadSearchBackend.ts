import type { SearchSettings } from '../../search/searchSettings.ts';
import type { SearchClient } from './searchResponse.ts';

/** What a search view queries: the site's search settings and a client for its backend. */
export interface SearchBackend {
  settings: SearchSettings;
  client: SearchClient;
}

let backend: Promise<SearchBackend> | undefined;

/**
 * The build's search settings and the backend they name (the local index or the hosted
 * service), its code loaded on demand. Loaded once per page, on the first sign that the reader
 * wants to search; a failure is retried on the next call.
 */
export function loadSearchBackend(searchPagePath: string): Promise<SearchBackend> {
  backend ??= (async () => {
    const response = await fetch(`${searchPagePath}settings.json`);
    if (!response.ok) throw new Error(`search settings: ${response.status}`);
    const settings = (await response.json()) as SearchSettings;
    const client =
      settings.backend.kind === 'local'
        ? (await import('./local/localSearchClient.ts')).createLocalSearchClient(settings.backend.index)
        : (await import('./hosted/hostedSearchClient.ts')).createHostedSearchClient(settings.backend);
    return { settings, client };
  })();
  backend.catch(() => (backend = undefined));
  return backend;
}
