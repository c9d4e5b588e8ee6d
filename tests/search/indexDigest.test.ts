import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';

/** How many pages' records were written as JSON to name the search index. */
const digested = vi.hoisted(() => ({ pages: 0 }));
vi.mock('../../src/search/recordsDigest.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/recordsDigest.ts')>();
  // Either form counts: the cache's codec digests the records' JSON it writes (recordsJsonDigest).
  return {
    recordsDigest: (...args: Parameters<typeof original.recordsDigest>) => (
      digested.pages++,
      original.recordsDigest(...args)
    ),
    recordsJsonDigest: (...args: Parameters<typeof original.recordsJsonDigest>) => (
      digested.pages++,
      original.recordsJsonDigest(...args)
    ),
  };
});

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

/** Builds into `out` and says how many pages' records were digested. */
async function digestsOfBuild(out: string): Promise<number> {
  digested.pages = 0;
  await build({ root: site, outDir: out });
  return digested.pages;
}

describe('the name of the kept search index', () => {
  it('comes from the digests the cached pages carry: a warm build writes no record as JSON, and an edit is still seen', async () => {
    // The first build digests each page's records once, where the page is kept in the cache.
    expect(await digestsOfBuild('first')).toBeGreaterThan(0);
    expect(await digestsOfBuild('warm')).toBe(0);
    const first = await readFile(path.join(site, 'first/search/settings.json'), 'utf8');
    expect(await readFile(path.join(site, 'warm/search/settings.json'), 'utf8')).toBe(first);
    // An edit renders that page again: its records are digested (one page) and the index follows.
    const page = path.join(site, 'content/docs/intro.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph about zeppelins.\n`);
    expect(await digestsOfBuild('edited')).toBeGreaterThan(0);
    const records = await readSearchRecords(path.join(site, 'edited'));
    expect(records.some((record) => record.content?.includes('zeppelins'))).toBe(true);
  });
});
