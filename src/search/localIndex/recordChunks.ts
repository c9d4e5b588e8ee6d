import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { hierarchyLevels, type Hierarchy, type SearchRecord } from '../../model/searchRecord.ts';
import { levelWeight, searchLanguage } from '../buildSearchRecords.ts';
import { packParts } from './packParts.ts';
import { recordsFile, type RecordChunksManifest, type StoredRecord } from './indexFormat.ts';
import type { KeptBytes, PartsFile } from './fileParts.ts';

/**
 * Compressed record chunks by a digest of their JSON: what one build made, which the next reuses
 * (src/search/keptIndex.ts), as byte ranges of the record files it kept.
 */
export type CompressedChunks = ReadonlyMap<string, Uint8Array | KeptBytes>;

/**
 * The site's search records, each page's in chunks of at most `recordsPerChunk`, each
 * gzip-compressed JSON, packed back to back into record files of at most `fileBytes` (`r<n>.bin`):
 * the local index's records, which the browser reads a chunk at a time with range requests for
 * the hits it shows, and the only copy of the records in the built site (`search export` and
 * `search push` read them back whole, storedToSearchRecord). A file per chunk was 2,230 files at
 * 1,000 pages, most of dist/'s search files; one uncompressed file was 189 MB at 10,000 pages,
 * more than static hosts take in one file. A chunk found in `previous` (the last build's) is not
 * compressed again: one page edited leaves every other page's chunks as they were. `pageChunks`:
 * the digests of a page's chunks where they are known (pageIndexPart), by page in order;
 * `chunkTexts`: the JSON of chunks by digest, where pageIndexPart made it for the digest. Returns
 * each chunk's digest too, in order (`digests`): where the next build finds each chunk's bytes in
 * these files (the kept index, src/search/keptIndex.ts).
 */
export function recordChunks(
  records: SearchRecord[],
  recordsPerChunk: number,
  fileBytes: number,
  previous: CompressedChunks = new Map(),
  pageChunks: (string[] | undefined)[] = [],
  chunkTexts: ReadonlyMap<string, string> = new Map(),
): {
  files: Map<string, PartsFile>;
  table: Pick<RecordChunksManifest, 'pageRecords' | 'chunkBytes' | 'chunksPerFile'>;
  digests: string[];
} {
  const pageRecords = pageRuns(records);
  const digests: string[] = [];
  // Made as they are packed: only the files hold the chunks' bytes, once.
  const { files, placed } = packParts(
    compressedChunks(records, pageRecords, recordsPerChunk, previous, digests, pageChunks, chunkTexts),
    fileBytes,
  );
  return {
    files: new Map(files.map((parts, file) => [recordsFile(file), parts])),
    table: {
      pageRecords,
      chunkBytes: placed.map(({ length }) => length),
      chunksPerFile: files.map(({ parts }) => parts.length),
    },
    digests,
  };
}

/** How many records each page has (a run of records with one `url_without_anchor`), in order. */
export function pageRuns(records: SearchRecord[]): number[] {
  const runs: number[] = [];
  records.forEach((record, id) => {
    if (id > 0 && record.url_without_anchor === records[id - 1].url_without_anchor) runs[runs.length - 1]++;
    else runs.push(1);
  });
  return runs;
}

function* compressedChunks(
  records: SearchRecord[],
  pageRecords: number[],
  recordsPerChunk: number,
  previous: CompressedChunks,
  digests: string[],
  pageChunks: (string[] | undefined)[],
  chunkTexts: ReadonlyMap<string, string>,
): Generator<Uint8Array | KeptBytes> {
  // Chunks made by this build, by digest: a chunk that repeats an earlier one is compressed once.
  const made = new Map<string, Uint8Array>();
  let first = 0;
  for (const [page, count] of pageRecords.entries()) {
    for (let start = first, chunk = 0; start < first + count; start += recordsPerChunk, chunk++) {
      const chunkText = () => chunkJson(records.slice(start, Math.min(start + recordsPerChunk, first + count)));
      const known = pageChunks[page]?.[chunk];
      let json = known === undefined ? chunkText() : chunkTexts.get(known);
      const digest = known ?? chunkDigest(json!);
      let bytes = previous.get(digest) ?? made.get(digest);
      if (!bytes) made.set(digest, (bytes = gzipSync((json ??= chunkText()))));
      digests.push(digest);
      yield bytes;
    }
    first += count;
  }
}

/** A record chunk as it is compressed: its records' stored form, as JSON. */
export const chunkJson = (records: SearchRecord[]) => JSON.stringify(records.map(storedRecord));

/** What names a compressed chunk: a digest of its JSON. */
export const chunkDigest = (json: string) => createHash('sha256').update(json).digest('base64url');

function storedRecord(record: SearchRecord): StoredRecord {
  return [
    record.objectID,
    record.url,
    record.type,
    hierarchyLevels.map((level) => record.hierarchy[level]),
    record.content,
    record.docusaurus_tag,
  ];
}

/**
 * The DocSearch record a stored one was made from: the anchor is the URL's fragment, the
 * position the objectID's number (`<route>#<position>`), the level weight the type's.
 */
export function storedToSearchRecord([objectID, url, type, levels, content, tag]: StoredRecord): SearchRecord {
  const fragment = url.indexOf('#');
  const recordType = type as SearchRecord['type'];
  return {
    objectID,
    url,
    url_without_anchor: fragment === -1 ? url : url.slice(0, fragment),
    anchor: fragment === -1 ? null : url.slice(fragment + 1),
    type: recordType,
    hierarchy: Object.fromEntries(hierarchyLevels.map((level, index) => [level, levels[index]])) as Hierarchy,
    content,
    language: searchLanguage,
    docusaurus_tag: tag,
    weight: {
      pageRank: 0,
      level: levelWeight[recordType],
      position: Number(objectID.slice(objectID.lastIndexOf('#') + 1)),
    },
  };
}
