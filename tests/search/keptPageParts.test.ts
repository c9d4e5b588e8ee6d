import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** The records whose repeat key was worked out (the part of a page's index kept between builds). */
const keyed = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../src/model/searchRecord.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/model/searchRecord.ts')>();
  return {
    ...original,
    repeatKey: (record: Parameters<typeof original.repeatKey>[0]) => (
      keyed.urls.push(record.url.split('#')[0]),
      original.repeatKey(record)
    ),
  };
});

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

async function keyedPagesOfBuild(out: string, cache = true): Promise<Set<string>> {
  keyed.urls = [];
  await build({ root: site, outDir: out, cache });
  return new Set(keyed.urls);
}

describe("a page's part of the search index", () => {
  it('is worked out again for the edited page alone, and the index is byte for byte a cold build’s', async () => {
    const everyPage = await keyedPagesOfBuild('first');
    expect(everyPage.size).toBeGreaterThan(3);
    const page = path.join(site, 'content/docs/guide/index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph about zeppelins and their moorings.\n`);
    const warm = await keyedPagesOfBuild('warm');
    const edited = (await readSearchRecords(path.join(site, 'warm'))).find((record) =>
      record.content?.includes('zeppelins'),
    )!;
    expect([...warm]).toEqual([edited.url_without_anchor]);
    expect(await keyedPagesOfBuild('cold', false)).toEqual(everyPage);
    const search = async (out: string) => snapshotDir(path.join(site, out, 'search'));
    expect(await search('warm')).toEqual(await search('cold'));
  });
});
