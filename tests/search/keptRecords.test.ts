import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** The pages whose kept records were read (JSON parsed) by the search index. */
const read = vi.hoisted(() => ({ pages: 0 }));
vi.mock('../../src/search/keptRecords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/keptRecords.ts')>();
  return {
    ...original,
    pageRecords: (page: Parameters<typeof original.pageRecords>[0]) => {
      if (!page.records) read.pages++;
      return original.pageRecords(page);
    },
  };
});

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

async function pagesReadByBuild(out: string, cache = true): Promise<number> {
  read.pages = 0;
  await build({ root: site, outDir: out, cache });
  return read.pages;
}

const edit = async (relative: string, text: string) => {
  const page = path.join(site, relative);
  await writeFile(page, `${await readFile(page, 'utf8')}\n${text}\n`);
};

const search = (out: string) => snapshotDir(path.join(site, out, 'search'));

/** The kept record file of the site's cache (a link to the last build's: src/search/keptIndex.ts), whose chunks a build reuses. */
async function keptRecordsFile(): Promise<string> {
  const root = path.join(site, '.docsgen-cache');
  const [engine] = await readdir(root);
  return path.join(root, engine, 'search-index', 'r0.bin');
}

describe('the search records of pages taken from the cache', () => {
  it('are not read when the last build kept their page’s index, and the index is a cold build’s', async () => {
    await pagesReadByBuild('first');
    await edit('content/docs/guide/index.md', 'A paragraph about zeppelins and their moorings.');
    expect(await pagesReadByBuild('warm')).toBe(0);
    await pagesReadByBuild('cold', false);
    expect(await search('warm')).toEqual(await search('cold'));
  });

  it('are read when the kept record chunks are damaged, and the index is still a cold build’s', async () => {
    await pagesReadByBuild('before');
    await edit('content/docs/guide/index.md', 'Another paragraph, about airships.');
    // Replaced, not written over: the kept file is a link to the last build's output.
    const file = await keptRecordsFile();
    await rm(file);
    await writeFile(file, 'damaged');
    expect(await pagesReadByBuild('damaged')).toBeGreaterThan(3);
    await pagesReadByBuild('cold-again', false);
    expect(await search('damaged')).toEqual(await search('cold-again'));
  });
});
