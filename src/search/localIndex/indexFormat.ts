/**
 * The local index's files, shared by the build (which writes them) and the browser (which reads
 * them). The index is split so that a query fetches only what it needs: one or two vocabulary
 * shards per word, the postings of the terms it matches, and the records of the hits it shows.
 */

/**
 * Where the records are kept: chunks of at most `recordsPerChunk` records of one page, each
 * gzip-compressed JSON, back to back in a few record files (`r<n>.bin`), each under every host's
 * largest-file limit. The browser reads a chunk with an HTTP range request; `search export` and
 * `search push` read them all.
 */
export interface RecordChunksManifest {
  /** Folder of the files, site-relative, ending with '/'; its name changes with the content. */
  base: string;
  records: number;
  recordsPerChunk: number;
  /**
   * How many records each page has, in order: a chunk never holds two pages' records (a page's
   * are cut into chunks of `recordsPerChunk`, its last one shorter), so that an edit to one page
   * changes its own chunks only and a build reuses the others' compressed bytes (writeSearchIndex).
   */
  pageRecords: number[];
  /** The offsets table: the bytes of each chunk, in order (a chunk starts where the one before it ends). */
  chunkBytes: number[];
  /** How many chunks each record file holds, in order: file 0 holds the first ones. */
  chunksPerFile: number[];
}

/** What the browser reads first: where the index's files are and how they are split. */
export interface LocalIndexManifest extends RecordChunksManifest {
  /**
   * Vocabulary files by the first character of their terms; a single file under '' when the
   * vocabulary is small. Split shards also list the terms whose second character is their key
   * (`tails`), so that a typo in a word's first letter still finds it.
   */
  vocabulary: Record<string, string>;
  /**
   * Records that repeat an earlier one of their page word for word (same kind, same heading or
   * content: the same "429 The rate limit is exceeded" response under many operations), as gaps between
   * their ids. They rank below the first, as a hosted index's `distinct` would fold them.
   */
  duplicates?: number[];
  /**
   * Each record's DocSearch tag (`docusaurus_tag`: its docs version's, or `default`) as runs over
   * record ids: the tags, then a pair per run (index in `names`, number of records). The ranking
   * reads it to apply contextual facet filters, so that a version's pages compete only with each
   * other; the records share a handful of tags, in long runs, so this costs a few bytes.
   */
  tags: { names: string[]; runs: number[] };
  /**
   * Where the postings are: blocks of terms in code-unit order (a prefix's completions sit
   * together), each gzip-compressed, packed back to back in a few postings files (`p<n>.bin`) as
   * the record chunks are: the bytes of each block, and how many blocks each file holds.
   */
  postingsBlockBytes: number[];
  postingsBlocksPerFile: number[];
}

/** A file of the vocabulary: its terms and where each term's postings are. */
export interface VocabularyShard {
  /** Terms in code-unit order. */
  terms: string[];
  /** Four numbers per term: postings block number, byte offset and length in the block, records matched. */
  postings: number[];
  tails?: { terms: string[]; postings: number[] };
}

/**
 * A record as stored in a chunk: objectID, url, type, lvl0–lvl6, content, and its DocSearch tag
 * (the browser reads the first five; the rest of the DocSearch record follows from them).
 */
export type StoredRecord = [string, string, string, (string | null)[], string | null, string];

/**
 * The level a heading is indexed at is its own, except a page's title (the lvl1 heading that
 * opens the page), indexed at 0 so that the page about a topic outranks the sections that mention it.
 */
export const pageTitleLevel = 0;

/** A postings file's name. */
export const postingsFile = (file: number) => `p${file}.bin`;
/** A record file's name. */
export const recordsFile = (file: number) => `r${file}.bin`;

/** The chunk a record is in and its place there, by record id (`pageRecords`, each page cut into chunks of `recordsPerChunk`). */
export function recordPlaces({ pageRecords, recordsPerChunk }: RecordChunksManifest): (id: number) => [number, number] {
  const starts: number[] = [];
  let first = 0;
  for (const count of pageRecords) {
    for (let start = 0; start < count; start += recordsPerChunk) starts.push(first + start);
    first += count;
  }
  return (id) => {
    // The last chunk that starts at or before the record.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= id) low = middle;
      else high = middle - 1;
    }
    return [low, id - starts[low]];
  };
}

/** Where a chunk is, for every chunk: its record file, byte offset and byte length. */
export const chunkLocations = ({ chunkBytes, chunksPerFile }: RecordChunksManifest): ByteRange[] =>
  packedLocations(chunkBytes, chunksPerFile, recordsFile);

/** Where a postings block is, for every block: its postings file, byte offset and byte length. */
export const postingsBlockLocations = ({ postingsBlockBytes, postingsBlocksPerFile }: LocalIndexManifest) =>
  packedLocations(postingsBlockBytes, postingsBlocksPerFile, postingsFile);

/** Where each of the parts packed back to back into files is, from the bytes of each and the parts each file holds. */
function packedLocations(partBytes: number[], partsPerFile: number[], fileName: (file: number) => string) {
  const locations: ByteRange[] = [];
  partsPerFile.forEach((parts, file) => {
    let offset = 0;
    for (const length of partBytes.slice(locations.length, locations.length + parts)) {
      locations.push({ file: fileName(file), offset, length });
      offset += length;
    }
  });
  return locations;
}

/** Bytes of a file: `length` of them from `offset`. */
export interface ByteRange {
  file: string;
  offset: number;
  length: number;
}

/** A chunk's records from its bytes (gzip-compressed JSON). */
export async function unpackChunk(bytes: Uint8Array): Promise<StoredRecord[]> {
  return JSON.parse(new TextDecoder().decode(await gunzip(bytes))) as StoredRecord[];
}

/** A gzip-compressed part (a record chunk, a postings block) as it was; DecompressionStream is both the browser's and Node's. */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
/** A vocabulary file's name, by its terms' first character (one file under ''). */
export const vocabularyFile = (key: string) => (key ? `v-${key.codePointAt(0)!.toString(16)}.json` : 'v.json');
/** The vocabulary file a term is in: its first character. */
export const shardKey = (term: string) => String.fromCodePoint(term.codePointAt(0)!);
