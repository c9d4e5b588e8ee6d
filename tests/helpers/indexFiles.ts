import type { IndexFileSource } from '../../src/client/search/local/indexReader.ts';
import { isPartsFile, type IndexFileContent } from '../../src/search/localIndex/fileParts.ts';

/**
 * The index files as the reader gets them from fetchIndexFiles, each read whole by `read` (from
 * memory or disk) and a range cut from it.
 */
export function indexFiles(read: (name: string) => IndexFileContent | Promise<IndexFileContent>): IndexFileSource {
  return {
    json: async (name) => {
      const content = fileBytes(await read(name));
      return JSON.parse(typeof content === 'string' ? content : new TextDecoder().decode(content));
    },
    bytes: async (name, range) => {
      const content = fileBytes(await read(name)) as Uint8Array;
      return range ? content.subarray(range.offset, range.offset + range.length) : content;
    },
  };
}

/** A file of an index built in memory, whole (its parts are the build's own: no kept file). */
export function fileBytes(content: IndexFileContent): string | Uint8Array {
  if (!isPartsFile(content)) return content;
  return Buffer.concat(
    content.parts.map((part) => {
      if (part instanceof Uint8Array) return part;
      throw new Error('a part of a kept file in an index built in memory');
    }),
  );
}
