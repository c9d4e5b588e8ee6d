import type { LocalIndexManifest } from '../../../search/localIndex/indexFormat.ts';
import { readSearchRequest } from '../searchParams.ts';
import type { SearchClient } from '../searchResponse.ts';
import { fetchIndexFiles } from './fetchIndexFiles.ts';
import { createIndexReader } from './indexReader.ts';
import { searchLocalIndex } from './searchLocalIndex.ts';

/** The local index behind the hosted service's interface: nothing leaves the site. */
export function createLocalSearchClient(manifest: LocalIndexManifest): SearchClient {
  const reader = createIndexReader(manifest, fetchIndexFiles(manifest.base));
  return {
    search: async ({ requests }) => ({
      results: await Promise.all(requests.map((request) => searchLocalIndex(reader, readSearchRequest(request)))),
    }),
  };
}
