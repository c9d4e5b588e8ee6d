import type { IndexFileSource } from './indexReader.ts';

/** Index files fetched from the site; a failed fetch rejects like the hosted client's network error. */
async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`search index: ${url} answered ${response.status}`);
  return response;
}

const bodyBytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** `length` bytes from `offset` of a file a server sent whole. */
async function cut(url: string, whole: Promise<Uint8Array>, { offset, length }: { offset: number; length: number }) {
  const bytes = await whole;
  if (bytes.length < offset + length) throw new Error(`search index: ${url} is shorter than its offsets table says`);
  return bytes.subarray(offset, offset + length);
}

/**
 * The index files under `base`, a range of a file read with an HTTP range request. A server that
 * ignores `Range` answers 200 with the whole file: the first such answer is kept and every range
 * of that file is cut from it, and answers to ranges asked meanwhile are dropped unread. This is
 * the one place that knows: the reader gets the bytes it asked for either way.
 */
export function fetchIndexFiles(base: string): IndexFileSource {
  const wholeFiles = new Map<string, Promise<Uint8Array>>();
  return {
    json: async (name) => (await fetchOk(base + name)).json(),
    async bytes(name, range) {
      const url = base + name;
      if (!range) return bodyBytes(await fetchOk(url));
      const known = wholeFiles.get(name);
      if (known) return cut(url, known, range);
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
        return cut(url, pending, range);
      }
      const whole = bodyBytes(response);
      wholeFiles.set(name, whole);
      whole.catch(() => wholeFiles.delete(name));
      return cut(url, whole, range);
    },
  };
}
