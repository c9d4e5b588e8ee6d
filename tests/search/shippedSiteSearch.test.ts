import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import type { SearchSettings } from '../../src/search/searchSettings.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { createIndexReader, type IndexReader } from '../../src/client/search/local/indexReader.ts';
import { searchLocalIndex } from '../../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest, serializeSearchParams } from '../../src/client/search/searchParams.ts';
import { indexFiles } from '../helpers/indexFiles.ts';

/** The shipped site's own local index, as the global setup built it. */
let reader: IndexReader;
let records: SearchRecord[];
beforeAll(async () => {
  const dist = inject('siteDir');
  const settings = JSON.parse(await readFile(path.join(dist, 'search/settings.json'), 'utf8')) as SearchSettings;
  if (settings.backend.kind !== 'local') throw new Error('the shipped site searches locally');
  const dir = path.join(dist, settings.backend.index.base);
  reader = createIndexReader(
    settings.backend.index,
    indexFiles(async (name) => new Uint8Array(await readFile(path.join(dir, name)))),
  );
  // Read back from the index's record chunks: the tests below check them against a crawl of every page.
  records = await readSearchRecords(dist);
});

async function topPages(query: string): Promise<string[]> {
  const result = await searchLocalIndex(
    reader,
    readSearchRequest({ indexName: 'local', query, params: serializeSearchParams({ hitsPerPage: 20 }) }),
  );
  return [...new Set(result.hits.map((hit) => new URL(hit.url, 'https://x.example').pathname))].slice(0, 5);
}

/** Every heading of the site with its page. */
function headings() {
  const all = new Map<string, { text: string; page: string }>();
  for (const record of records) {
    if (record.type === 'content') continue;
    const text = record.hierarchy[record.type]!;
    const page = new URL(record.url_without_anchor).pathname;
    all.set(`${text}\n${page}`, { text, page });
  }
  return [...all.values()];
}

describe('the shipped site, searched locally', () => {
  it('indexes every page of the sitemap, and every API operation, webhook and schema at its anchor', async () => {
    const dist = inject('siteDir');
    const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(new Set(records.map((record) => new URL(record.url_without_anchor).pathname))).toEqual(new Set(pages));
    const api = await readFile(path.join(dist, 'api/index.html'), 'utf8');
    const anchors = new Set(records.map((record) => new URL(record.url).hash.slice(1)));
    const sections = [...api.matchAll(/<section[^>]* id="((?:operation|webhook|schema)\/[^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(sections.length).toBeGreaterThan(80);
    expect(sections.filter((id) => !anchors.has(id))).toEqual([]);
  });

  it("ranks a heading's page in the top 5 when the query is the heading's words", async () => {
    const all = headings();
    const pagesWith = (text: string) =>
      all.filter((heading) => heading.text.toLowerCase() === text.toLowerCase()).length;
    const missed: string[] = [];
    for (const heading of all) {
      // A heading repeated on five pages or more ("Next steps", "Errors") cannot have all of them in
      // the top 5 once the page whose title is about it ("Endpoints, errors and limits") comes first.
      if (pagesWith(heading.text) > 4) continue;
      if (!(await topPages(heading.text)).includes(heading.page)) missed.push(`${heading.text} (${heading.page})`);
    }
    expect(missed).toEqual([]);
  });

  it('finds the page of a heading with one typo in its longest word, wherever the typo is', async () => {
    const edits = [
      (word: string, at: number) => word.slice(0, at) + 'x' + word.slice(at + 1),
      (word: string, at: number) => word.slice(0, at) + word.slice(at + 1),
      (word: string, at: number) => word.slice(0, at) + 'x' + word.slice(at),
      (word: string, at: number) => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
    ];
    const candidates = headings()
      .filter((heading) => /\p{L}{6,}/u.test(heading.text))
      .filter((_, i) => i % 5 === 0);
    const withoutHits: string[] = [];
    let found = 0;
    let total = 0;
    for (const [i, heading] of candidates.entries()) {
      // Words as the index splits them: in "Pre-fill values" the longest is "values", not "Pre-fill" (whose typo would
      // land in "pre", too short for typo tolerance).
      const word = heading.text.split(/[^\p{L}\p{N}]+/u).reduce((a, b) => (b.length > a.length ? b : a));
      const query = heading.text.replace(word, edits[i % 4](word, i % (word.length - 1)));
      const pages = await topPages(query);
      total++;
      if (pages.includes(heading.page)) found++;
      if (pages.length === 0) withoutHits.push(query);
    }
    expect(withoutHits).toEqual([]);
    expect(found / total).toBeGreaterThan(0.9);
  });
});

describe('records taken while rendering', () => {
  it('are the records a crawler reads from each built docs page', async () => {
    const dist = inject('siteDir');
    const { validateConfig } = await import('../../src/config/loadConfig.ts');
    const { pageSearchRecords } = await import('./crawl/crawlSearchRecords.ts');
    const config = validateConfig((await import('../../docsgen.config.ts')).default, 'docsgen.config.ts');
    const docRoutes = [
      ...new Set(
        records
          .map((record) => new URL(record.url).pathname)
          // The reference's records carry its version's tag too; it has a test of its own below.
          .filter((pathname) => pathname.startsWith('/docs/')),
      ),
    ];
    expect(docRoutes.length).toBeGreaterThan(15);
    for (const route of docRoutes) {
      const html = await readFile(path.join(dist, route, 'index.html'), 'utf8');
      const lvl0 = records.find((record) => new URL(record.url).pathname === route)!.hierarchy.lvl0;
      const fromHtml = pageSearchRecords({ route, html, kind: 'doc', lvl0 }, config);
      expect(
        records.filter((record) => record.url_without_anchor.endsWith(route)),
        route,
      ).toEqual(fromHtml);
    }
  });

  it('are, for /api/ (taken from the reference model), the records a crawler reads from the built page', async () => {
    const { validateConfig } = await import('../../src/config/loadConfig.ts');
    const { pageSearchRecords } = await import('./crawl/crawlSearchRecords.ts');
    const config = validateConfig((await import('../../docsgen.config.ts')).default, 'docsgen.config.ts');
    const html = await readFile(path.join(inject('siteDir'), 'api/index.html'), 'utf8');
    const fromHtml = pageSearchRecords({ route: '/api/', html, kind: 'api', lvl0: 'API reference' }, config);
    expect(fromHtml.length).toBeGreaterThan(500);
    expect(records.filter((record) => new URL(record.url_without_anchor).pathname === '/api/')).toEqual(fromHtml);
  });

  it('are, for the home page (taken from its content), the records a crawler reads from the built page', async () => {
    const { validateConfig } = await import('../../src/config/loadConfig.ts');
    const { pageSearchRecords } = await import('./crawl/crawlSearchRecords.ts');
    const config = validateConfig((await import('../../docsgen.config.ts')).default, 'docsgen.config.ts');
    const html = await readFile(path.join(inject('siteDir'), 'index.html'), 'utf8');
    const fromHtml = pageSearchRecords({ route: '/', html, kind: 'home', lvl0: 'Home' }, config);
    expect(fromHtml.length).toBeGreaterThan(5);
    expect(records.filter((record) => new URL(record.url_without_anchor).pathname === '/')).toEqual(fromHtml);
  });
});
