import { rm } from 'node:fs/promises';
import pMap from 'p-map';
import { PackStore } from '../cache/packStore.ts';
import { filesAtOnce } from '../fs/filesAtOnce.ts';
import type { KeptRecords, PageOutput } from '../model/pageOutput.ts';
import { emptyHierarchy, type SearchRecord } from '../model/searchRecord.ts';
import { recordsJsonDigest } from './recordsDigest.ts';

/**
 * The cache of every kept page's search records (docs pages, the API reference's pages), apart
 * from the pages' fields, by the records' digest: their JSON array, read only for the pages a
 * search index tokenizes again (none when the whole index is restored). Kept in the pages' fields,
 * the records of 1,000 varied pages were 26.8 of the 28.2 MB a CI build (its cache restored, one
 * page edited) read and checksummed to take its pages from the cache.
 */
export const recordsCacheName = 'page-records';

/** A page's records as the records cache keeps them: their JSON array and its digest (recordsDigest). */
export function recordsEntry(records: SearchRecord[]): { digest: string; bytes: Buffer } {
  const recordsJson = records.map((record) => JSON.stringify(record));
  return { digest: recordsJsonDigest(recordsJson), bytes: Buffer.from(`[${recordsJson.join(',')}]`) };
}

/** What `records` say of themselves (KeptRecords but their JSON): kept in the render cache, which keeps the records apart or beside. */
export function recordsSummary(records: SearchRecord[]): Omit<KeptRecords, 'json' | 'cache'> {
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

/** What a page's kept records say of themselves, without where they are (what a cache entry keeps of them). */
export function keptSummary({ json: _, cache: __, ...summary }: KeptRecords): Omit<KeptRecords, 'json' | 'cache'> {
  return summary;
}

/** What of a page its records are read from. */
export type RecordsOf = Pick<PageOutput, 'route' | 'records' | 'keptRecords' | 'recordsDigest'>;

const parsed = (json: Uint8Array) =>
  // A Buffer kept, or a Uint8Array when the page came from another thread.
  JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as SearchRecord[];

/** A page's records when they are here: its own, or the JSON its cache entry kept beside its fields (not those kept apart: pagesRecords). */
export function pageRecords(page: Pick<PageOutput, 'records' | 'keptRecords'>): SearchRecord[] {
  if (page.records) return page.records;
  const { json } = page.keptRecords!;
  if (!json) throw new Error('a kept page’s records are read from the records cache (pagesRecords)');
  return parsed(json);
}

/**
 * A kept page's records were not found in the records cache when the search index needed them:
 * damaged since the build checked they were there. The records cache is removed: the build that
 * runs again renders those pages afresh (src/build/build.ts).
 */
export class KeptRecordsLost extends Error {
  constructor(readonly routes: string[]) {
    super(`the cache's search records of ${routes.slice(0, 3).join(', ')}${routes.length > 3 ? ' …' : ''} are damaged`);
  }
}

/**
 * Each page's records, in order: its own, those its entry kept beside its fields, or those of
 * the records cache (recordsCacheName, by the page's recordsDigest), read here, the first time
 * they are needed. A records entry damaged since the page was taken from the cache (found there
 * then, not readable now) removes the records cache and throws KeptRecordsLost.
 */
export async function pagesRecords(pages: readonly RecordsOf[]): Promise<SearchRecord[][]> {
  const stores = new Map<string, PackStore>();
  const lost: RecordsOf[] = [];
  try {
    const records = await pMap(
      pages,
      async (page) => {
        const { records, keptRecords } = page;
        if (records) return records;
        if (keptRecords?.json) return parsed(keptRecords.json);
        const folder = keptRecords?.cache;
        let store = folder === undefined ? undefined : stores.get(folder);
        if (folder !== undefined && !store) stores.set(folder, (store = new PackStore(folder)));
        const bytes = store && page.recordsDigest && (await store.get(page.recordsDigest));
        try {
          if (bytes) return parsed(bytes);
        } catch {
          // Garbage that passed its checksum: lost as well.
        }
        lost.push(page);
        return [];
      },
      { concurrency: filesAtOnce },
    );
    if (lost.length === 0) return records;
  } finally {
    for (const store of stores.values()) store.close();
  }
  await Promise.all([...stores.keys()].map((folder) => rm(folder, { recursive: true, force: true })));
  throw new KeptRecordsLost(lost.map(({ route }) => route));
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
