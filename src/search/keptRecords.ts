import type { KeptRecords, PageOutput } from '../model/pageOutput.ts';
import { emptyHierarchy, type SearchRecord } from '../model/searchRecord.ts';

/** What `records` say of themselves (KeptRecords but their JSON): kept beside that JSON in the render cache. */
export function recordsSummary(records: SearchRecord[]): Omit<KeptRecords, 'json'> {
  const url = records[0]?.url_without_anchor;
  const runs: NonNullable<KeptRecords['runs']> = [];
  for (const record of records) {
    if (record.url_without_anchor !== url) return { count: records.length };
    const last = runs[runs.length - 1];
    if (last && last[0] === record.hierarchy.lvl0 && last[1] === record.docusaurus_tag) last[2]++;
    else runs.push([record.hierarchy.lvl0, record.docusaurus_tag, 1]);
  }
  return { count: records.length, url, runs };
}

/** A page's records, read from the cache's JSON when the page was taken from there. */
export function pageRecords(page: Pick<PageOutput, 'records' | 'keptRecords'>): SearchRecord[] {
  if (page.records) return page.records;
  const { json } = page.keptRecords!;
  // A Buffer kept, or a Uint8Array when the page came from a render thread.
  return JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as SearchRecord[];
}

/** How many records a page has, read or not. */
export const recordCount = (page: Pick<PageOutput, 'records' | 'keptRecords'>): number =>
  page.records?.length ?? page.keptRecords?.count ?? 0;

/** The URL of a page's records (its first record's `url_without_anchor`), read or not. */
export const recordsUrl = (page: Pick<PageOutput, 'records' | 'keptRecords'>): string | undefined =>
  page.records ? page.records[0]?.url_without_anchor : page.keptRecords?.count ? page.keptRecords.url : undefined;

/**
 * Stand-ins for a kept page's records, undefined when its summary cannot give them: records with
 * its URL, groups and tags and nothing else, for an index that keeps everything else of the page
 * from the last build (its part, postings and compressed chunks: writeSearchIndex checks them all)
 * and reads only those three fields of records it neither tokenizes nor compresses. One object a
 * run, repeated: no record is decoded or allocated.
 */
export function standInRecords(kept: KeptRecords): SearchRecord[] | undefined {
  const { url, runs } = kept;
  if (url === undefined || !runs) return undefined;
  const records: SearchRecord[] = [];
  for (const [lvl0, tag, count] of runs) {
    const standIn: SearchRecord = {
      objectID: '',
      url,
      url_without_anchor: url,
      anchor: null,
      type: 'content',
      hierarchy: { lvl0, ...emptyHierarchy() },
      content: null,
      language: '',
      docusaurus_tag: tag,
      weight: { pageRank: 0, level: 0, position: 0 },
    };
    for (let index = 0; index < count; index++) records.push(standIn);
  }
  return records.length === kept.count ? records : undefined;
}
