import { gzipSync } from 'node:zlib';
import { hierarchyLevels, type Hierarchy, type SearchRecord } from '../../model/searchRecord.ts';
import { levelWeight, searchLanguage } from '../buildSearchRecords.ts';
import { packParts } from './packParts.ts';
import { recordsFile, type RecordChunksManifest, type StoredRecord } from './indexFormat.ts';

/**
 * The site's search records, in chunks of `recordsPerChunk`, each gzip-compressed JSON, packed
 * back to back into record files of at most `fileBytes` (`r<n>.bin`): the local index's records,
 * which the browser reads a chunk at a time with range requests for the hits it shows, and the
 * only copy of the records in the built site (`search export` and `search push` read them back
 * whole, storedToSearchRecord). A file per chunk was 2,230 files at 1,000 pages, most of dist/'s
 * search files; one uncompressed file was 189 MB at 10,000 pages, more than static hosts take in one file.
 */
export function recordChunks(
  records: SearchRecord[],
  recordsPerChunk: number,
  fileBytes: number,
): { files: Map<string, Uint8Array>; table: Pick<RecordChunksManifest, 'chunkBytes' | 'chunksPerFile'> } {
  // Made as they are packed: only the files hold the chunks' bytes, once.
  const { files, placed } = packParts(compressedChunks(records, recordsPerChunk), fileBytes);
  return {
    files: new Map(files.map(({ bytes }, file) => [recordsFile(file), bytes])),
    table: { chunkBytes: placed.map(({ length }) => length), chunksPerFile: files.map(({ parts }) => parts) },
  };
}

function* compressedChunks(records: SearchRecord[], recordsPerChunk: number): Generator<Uint8Array> {
  for (let start = 0; start < records.length; start += recordsPerChunk)
    yield gzipSync(JSON.stringify(records.slice(start, start + recordsPerChunk).map(storedRecord)));
}

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
