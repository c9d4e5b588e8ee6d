import { decodePostings, type TermPostings } from '../../../search/localIndex/postingsCodec.ts';
import { recordsPassing } from './facetFilters.ts';
import {
  chunkLocations,
  gunzip,
  postingsBlockLocations,
  recordPlaces,
  unpackChunk,
  type ByteRange,
  type LocalIndexManifest,
  type StoredRecord,
  type VocabularyShard,
} from '../../../search/localIndex/indexFormat.ts';

/** How index files are read: fetch in the browser, the file system in Node (tests, benchmark). */
export interface IndexFileSource {
  json<T>(name: string): Promise<T>;
  /** A file's bytes; with `range`, those bytes alone (fetchIndexFiles cuts them from a file a server sent whole). */
  bytes(name: string, range?: Omit<ByteRange, 'file'>): Promise<Uint8Array>;
}

/** A term found in the vocabulary, with where its postings are. */
export interface VocabularyEntry {
  term: string;
  /** Postings block, byte offset and length in the block, records matched. */
  location: number[];
}

/**
 * Reads the split index lazily and keeps what it has read: vocabulary shards, postings blocks
 * (each term decoded once) and record chunks. Every vocabulary file, postings block and record
 * chunk is fetched at most once; blocks and chunks as byte ranges of their files, adjacent ones together.
 */
export function createIndexReader(manifest: LocalIndexManifest, source: IndexFileSource) {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(name: string, load: () => Promise<T>): Promise<T> => {
    let pending = cache.get(name) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      cache.set(name, pending);
      // A failed fetch is not remembered, so the next query tries again.
      pending.catch(() => cache.delete(name));
    }
    return pending;
  };
  const decoded = new Map<string, TermPostings>();
  let duplicates: Uint8Array | undefined;
  const passing = new Map<string, Uint8Array | undefined>();
  let chunks: ByteRange[] | undefined;
  let places: ((id: number) => [number, number]) | undefined;
  let blocks: ByteRange[] | undefined;
  const readRange = coalescedRanges(source);

  return {
    manifest,
    vocabulary: (key: string) => once(`v:${key}`, () => source.json<VocabularyShard>(manifest.vocabulary[key])),
    async postings(entry: VocabularyEntry): Promise<TermPostings> {
      const known = decoded.get(entry.term);
      if (known) return known;
      const [block, offset, length] = entry.location;
      const bytes = await once(`p:${block}`, async () =>
        gunzip(await readRange((blocks ??= postingsBlockLocations(manifest))[block])),
      );
      const postings = decodePostings(bytes.subarray(offset, offset + length));
      decoded.set(entry.term, postings);
      return postings;
    },
    /** The chunk a record is in, and its place in the chunk's records. */
    recordPlace: (id: number): [number, number] => (places ??= recordPlaces(manifest))(id),
    records: (chunk: number) =>
      once<StoredRecord[]>(`r:${chunk}`, async () =>
        unpackChunk(await readRange((chunks ??= chunkLocations(manifest))[chunk])),
      ),
    /** 1 for each record that repeats an earlier one of its page (manifest.duplicates). */
    duplicates(): Uint8Array {
      if (!duplicates) {
        duplicates = new Uint8Array(manifest.records);
        let id = 0;
        for (const gap of manifest.duplicates ?? []) duplicates[(id += gap)] = 1;
      }
      return duplicates;
    },
    /** 1 for each record that passes the facet filters (recordsPassing), kept per filter set; undefined: every record. */
    passing(filters: (string | string[])[] | undefined): Uint8Array | undefined {
      const key = JSON.stringify(filters ?? []);
      if (!passing.has(key)) passing.set(key, recordsPassing(manifest, filters));
      return passing.get(key);
    },
  };
}

/** Reads the split local index's files on demand, each fetched once. */
export type IndexReader = ReturnType<typeof createIndexReader>;

/**
 * Byte ranges read through `source`, those asked in the same turn (the postings blocks of a
 * prefix's completions, the record chunks of the hits shown) read together: one request for
 * each run of adjacent ranges of a file.
 */
function coalescedRanges(source: IndexFileSource): (range: ByteRange) => Promise<Uint8Array> {
  let asked: { range: ByteRange; resolve: (bytes: Uint8Array) => void; reject: (error: unknown) => void }[] = [];
  const readAsked = () => {
    const batch = asked.sort((a, b) => a.range.file.localeCompare(b.range.file) || a.range.offset - b.range.offset);
    asked = [];
    for (let start = 0; start < batch.length; ) {
      const { file, offset } = batch[start].range;
      let end = start + 1;
      let length = batch[start].range.length;
      while (end < batch.length && batch[end].range.file === file && batch[end].range.offset === offset + length)
        length += batch[end++].range.length;
      const run = batch.slice(start, end);
      source.bytes(file, { offset, length }).then(
        (bytes) => {
          for (const { range, resolve } of run)
            resolve(bytes.subarray(range.offset - offset, range.offset - offset + range.length));
        },
        (error: unknown) => {
          for (const { reject } of run) reject(error);
        },
      );
      start = end;
    }
  };
  return (range) =>
    new Promise((resolve, reject) => {
      if (asked.length === 0) queueMicrotask(readAsked);
      asked.push({ range, resolve, reject });
    });
}
