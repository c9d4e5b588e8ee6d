import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { writeSearchIndex, type IndexConfig, type IndexedPage } from '../../src/search/writeSearchIndex.ts';
import { addIndexedPages, indexMadeAhead } from '../../src/search/indexMadeAhead.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** The pages whose repeat keys were worked out (a page's index part). */
const keyed = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../src/model/searchRecord.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/model/searchRecord.ts')>();
  return {
    ...original,
    repeatKey: (record: Parameters<typeof original.repeatKey>[0]) => (
      keyed.urls.push(record.url_without_anchor),
      original.repeatKey(record)
    ),
  };
});

let site: string;
let scratch: string;
let pages: IndexedPage[];
const config: IndexConfig = { baseUrl: '/', search: { maxResultsPerGroup: 5, contextualSearch: true } };

beforeAll(async () => {
  site = await copyFixtureSite();
  scratch = await mkdtemp(path.join(tmpdir(), 'index-ahead-'));
  await build({ root: site, outDir: 'dist', cache: false });
  // The fixture's records, a page per URL, with the route their URL names.
  const byUrl = new Map<string, SearchRecord[]>();
  for (const record of await readSearchRecords(path.join(site, 'dist'))) {
    const own = byUrl.get(record.url_without_anchor) ?? [];
    byUrl.set(record.url_without_anchor, [...own, record]);
  }
  pages = [...byUrl].map(([url, records]) => ({ route: url, records }));
}, 120_000);
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe('the search index of pages sent ahead as they render (src/search/indexMadeAhead.ts)', () => {
  it("is byte for byte the index written at the end, with each page's part worked out as it came", async () => {
    expect(pages.length).toBeGreaterThan(3);
    // Two pages joined into one that names two URLs: its parts are worked out at the end.
    const [first, second, ...rest] = pages;
    const joined = { route: first.route, records: [...first.records!, ...second.records!] };
    const site = [...rest, joined];
    keyed.urls = [];
    await writeSearchIndex(site, path.join(scratch, 'end'), config, { indexFileBytes: 1 << 20 });
    const atEnd = new Set(keyed.urls);
    const made = indexMadeAhead();
    // In another order than the route order the index is written in.
    for (const page of [...site].reverse()) addIndexedPages(made, [page]);
    keyed.urls = [];
    await writeSearchIndex(made.pages, path.join(scratch, 'ahead'), config, { indexFileBytes: 1 << 20, made });
    expect(new Set(keyed.urls)).toEqual(new Set([first.route, second.route]));
    expect(atEnd.size).toBe(pages.length);
    expect(await snapshotDir(path.join(scratch, 'ahead'))).toEqual(await snapshotDir(path.join(scratch, 'end')));
  }, 120_000);
});
