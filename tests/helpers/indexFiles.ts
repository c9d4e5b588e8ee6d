import type { IndexFileSource } from '../../src/client/search/local/indexReader.ts';

/**
 * The index files as the reader gets them from fetchIndexFiles, each read whole by `read` (from
 * memory or disk) and a range cut from it.
 */
export function indexFiles(
  read: (name: string) => string | Uint8Array | Promise<string | Uint8Array>,
): IndexFileSource {
  return {
    json: async (name) => {
      const content = await read(name);
      return JSON.parse(typeof content === 'string' ? content : new TextDecoder().decode(content));
    },
    bytes: async (name, range) => {
      const content = (await read(name)) as Uint8Array;
      return range ? content.subarray(range.offset, range.offset + range.length) : content;
    },
  };
}
