import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { withDescriptionHeadings, writeSplitApiSite } from '../helpers/splitApiSite.ts';

const sites: string[] = [];
let split: SearchRecord[];
let whole: SearchRecord[];

/** The split fixture, with headings in its descriptions, built (on one page when `onePage`) and its search records read back. */
async function builtRecords(onePage: boolean): Promise<SearchRecord[]> {
  const site = await withDescriptionHeadings(await writeSplitApiSite());
  sites.push(site);
  if (onePage) {
    const config = path.join(site, 'docsgen.config.ts');
    const text = await readFile(config, 'utf8');
    expect(text).toContain('splitAbove: 2');
    await writeFile(config, text.replace('splitAbove: 2', 'splitAbove: 100'));
  }
  const outDir = path.join(site, 'dist');
  await build({ root: site, outDir });
  return readSearchRecords(outDir);
}

beforeAll(async () => {
  split = await builtRecords(false);
  whole = await builtRecords(true);
}, 300_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => rm(site, { recursive: true, force: true })));
});

/** The record a heading starts: its level (lvl1…lvl6) and what it hangs from. */
function headingRecord(records: SearchRecord[], text: string) {
  const found = records.find(
    (record) => record.type !== 'content' && record.hierarchy[record.type as keyof typeof record.hierarchy] === text,
  );
  expect(found, text).toBeDefined();
  const { lvl0: _section, ...hierarchy } = found!.hierarchy;
  return { type: found!.type, hierarchy, page: new URL(found!.url_without_anchor).pathname };
}

describe("a split reference's search records", () => {
  it("give the descriptions' own headings the levels the reference on one page gives them", () => {
    expect(new Set(split.map((record) => new URL(record.url_without_anchor).pathname))).toContain('/api/things/');
    for (const text of ['Kinds of things', 'Paging', 'Retries', 'Sending']) {
      const [onPage, onOnePage] = [headingRecord(split, text), headingRecord(whole, text)];
      expect(onOnePage.page).toBe('/api/');
      expect(onPage.page, text).not.toBe('/api/');
      expect({ type: onPage.type, hierarchy: onPage.hierarchy }, text).toEqual({
        type: onOnePage.type,
        hierarchy: onOnePage.hierarchy,
      });
    }
  });
});
