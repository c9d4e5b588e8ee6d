import { decodePostings, type TermPostings } from '../../../search/localIndex/postingsCodec.ts';
import { recordsPassing } from './facetFilters.ts';
import {
  chunkLocations,
  postingsFile,
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
  /** Postings file, byte offset, byte length, records matched. */
  location: number[];
}

/**
 * Reads the split index lazily and keeps what it has read: vocabulary shards, postings (decoded
 * once per term) and record chunks. Every file (every chunk of a record file) is fetched at most once.
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

  return {
    manifest,
    vocabulary: (key: string) => once(`v:${key}`, () => source.json<VocabularyShard>(manifest.vocabulary[key])),
    async postings(entry: VocabularyEntry): Promise<TermPostings> {
      const known = decoded.get(entry.term);
      if (known) return known;
      const [file, offset, length] = entry.location;
      const bytes = await once(`p:${file}`, () => source.bytes(postingsFile(file)));
      const postings = decodePostings(bytes.subarray(offset, offset + length));
      decoded.set(entry.term, postings);
      return postings;
    },
    records: (chunk: number) =>
      once<StoredRecord[]>(`r:${chunk}`, async () => {
        const { file, offset, length } = (chunks ??= chunkLocations(manifest))[chunk];
        return unpackChunk(await source.bytes(file, { offset, length }));
      }),
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
