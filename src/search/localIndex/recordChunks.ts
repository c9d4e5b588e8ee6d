import { hierarchyLevels, type Hierarchy, type SearchRecord } from '../../model/searchRecord.ts';
import { levelWeight, searchLanguage } from '../buildSearchRecords.ts';
import { recordsFile, type StoredRecord } from './indexFormat.ts';

/**
 * The site's search records, in chunks of `recordsPerChunk` (`r<n>.json`): the local index's
 * records, which the browser fetches for the hits it shows, and the only copy of the records in
 * the built site. `search export` and `search push` read them back whole (storedToSearchRecord);
 * a single records file was 19 MB at 1,000 pages and 189 MB at 10,000, more than static hosts
 * take in one file.
 */
export function recordChunks(records: SearchRecord[], recordsPerChunk: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let start = 0; start < records.length; start += recordsPerChunk) {
    files.set(
      recordsFile(start / recordsPerChunk),
      JSON.stringify(records.slice(start, start + recordsPerChunk).map(storedRecord)),
    );
  }
  return files;
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
