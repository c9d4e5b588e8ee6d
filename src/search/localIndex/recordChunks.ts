import { gzipSync } from 'node:zlib';
import { hierarchyLevels, type Hierarchy, type SearchRecord } from '../../model/searchRecord.ts';
import { levelWeight, searchLanguage } from '../buildSearchRecords.ts';
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
  const files = new Map<string, Uint8Array>();
  const chunkBytes: number[] = [];
  const chunksPerFile: number[] = [];
  let parts: Uint8Array[] = [];
  let size = 0;
  const flush = () => {
    if (parts.length === 0) return;
    files.set(recordsFile(files.size), Buffer.concat(parts));
    chunksPerFile.push(parts.length);
    parts = [];
    size = 0;
  };
  for (let start = 0; start < records.length; start += recordsPerChunk) {
    const chunk = gzipSync(JSON.stringify(records.slice(start, start + recordsPerChunk).map(storedRecord)));
    if (size > 0 && size + chunk.length > fileBytes) flush();
    parts.push(chunk);
    chunkBytes.push(chunk.length);
    size += chunk.length;
  }
  flush();
  return { files, table: { chunkBytes, chunksPerFile } };
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
