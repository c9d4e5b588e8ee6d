import type { LocalIndexManifest } from '../../../search/localIndex/indexFormat.ts';
import { readSearchRequest } from '../searchParams.ts';
import type { SearchClient } from '../searchResponse.ts';
import { createIndexReader } from './indexReader.ts';
import { searchLocalIndex } from './searchLocalIndex.ts';

/** Index files fetched from the site; a failed fetch rejects like the hosted client's network error. */
async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index: ${url} answered ${response.status}`);
  return response;
}

/** The local index behind the hosted service's interface: nothing leaves the site. */
export function createLocalSearchClient(manifest: LocalIndexManifest): SearchClient {
  const reader = createIndexReader(manifest, {
    json: async (name) => (await fetchOk(manifest.base + name)).json(),
    bytes: async (name) => new Uint8Array(await (await fetchOk(manifest.base + name)).arrayBuffer()),
  });
  return {
    search: async ({ requests }) => ({
      results: await Promise.all(requests.map((request) => searchLocalIndex(reader, readSearchRequest(request)))),
    }),
  };
}
