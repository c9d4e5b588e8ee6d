import type { LocalIndexManifest } from '../../../search/localIndex/indexFormat.ts';
import { readSearchRequest } from '../searchParams.ts';
import type { SearchClient } from '../searchResponse.ts';
import { createIndexReader, type IndexFileSource } from './indexReader.ts';
import { searchLocalIndex } from './searchLocalIndex.ts';

/** Index files fetched from the site; a failed fetch rejects like the hosted client's network error. */
async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`search index: ${url} answered ${response.status}`);
  return response;
}

const bodyBytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/**
 * A file's bytes, or a range of them (an HTTP range request). A server that ignores `Range`
 * answers 200 with the whole file: the first such answer is kept for every later range of that
 * file, and answers to ranges asked meanwhile are dropped unread for it.
 */
function fetchIndexFiles(base: string): IndexFileSource['bytes'] {
  const wholeFiles = new Map<string, Promise<Uint8Array>>();
  return async (name, range) => {
    const url = base + name;
    if (!range) return bodyBytes(await fetchOk(url));
    const known = wholeFiles.get(name);
    if (known) return known;
    const last = range.offset + range.length - 1;
    const response = await fetchOk(url, { headers: { Range: `bytes=${range.offset}-${last}` } });
    if (response.status === 206) {
      if (!response.headers.get('Content-Range')?.startsWith(`bytes ${range.offset}-${last}/`))
        throw new Error(`search index: ${url} answered another range than bytes ${range.offset}-${last}`);
      return bodyBytes(response);
    }
    const pending = wholeFiles.get(name);
    if (pending) {
      void response.body?.cancel();
      return pending;
    }
    const whole = bodyBytes(response);
    wholeFiles.set(name, whole);
    whole.catch(() => wholeFiles.delete(name));
    return whole;
  };
}

/** The local index behind the hosted service's interface: nothing leaves the site. */
export function createLocalSearchClient(manifest: LocalIndexManifest): SearchClient {
  const reader = createIndexReader(manifest, {
    json: async (name) => (await fetchOk(manifest.base + name)).json(),
    bytes: fetchIndexFiles(manifest.base),
  });
  return {
    search: async ({ requests }) => ({
      results: await Promise.all(requests.map((request) => searchLocalIndex(reader, readSearchRequest(request)))),
    }),
  };
}
