import { open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { PackStore } from '../../src/cache/packStore.ts';
import { recordsCacheName } from '../../src/search/keptRecords.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** The pages whose kept records the search index read (its pages without their own records). */
const read = vi.hoisted(() => ({ pages: 0 }));
vi.mock('../../src/search/keptRecords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/keptRecords.ts')>();
  return {
    ...original,
    pagesRecords: (pages: Parameters<typeof original.pagesRecords>[0]) => {
      read.pages += pages.filter((page) => !page.records).length;
      return original.pagesRecords(pages);
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

/** The engine's folder of the site's cache. */
async function engineCache(): Promise<string> {
  const root = path.join(site, '.docsgen-cache');
  const [engine] = (await readdir(root)).filter((name) => /^[0-9a-f]{16}$/.test(name));
  return path.join(root, engine);
}

/**
 * Damages the kept record file of the site's cache, whose chunks a build reuses (src/search/keptIndex.ts):
 * replaced, not written over, as it is a link to the last build's output.
 */
async function damageKeptChunks(): Promise<void> {
  const file = path.join(await engineCache(), 'search-index', 'r0.bin');
  await rm(file);
  await writeFile(file, 'damaged');
}

describe('the search records of pages taken from the cache', () => {
  it('are not read when the last build kept their page’s index, and the index is a cold build’s', async () => {
    await pagesReadByBuild('first');
    await edit('content/docs/guide/index.md', 'A paragraph about zeppelins and their moorings.');
    expect(await pagesReadByBuild('warm')).toBe(0);
    await pagesReadByBuild('cold', false);
    expect(await search('warm')).toEqual(await search('cold'));
  });

  it('are not even read from the disk to take their pages from the cache', async () => {
    await pagesReadByBuild('before-unread');
    await edit('content/docs/guide/index.md', 'A paragraph about balloons.');
    // Every payload the build reads from the pages' caches and the records' own.
    const payloads: Buffer[] = [];
    const get = PackStore.prototype.get;
    const spy = vi.spyOn(PackStore.prototype, 'get').mockImplementation(async function (this: PackStore, key) {
      const payload = await get.call(this, key);
      const dir = (this as unknown as { dir: string }).dir;
      if (payload && ['pages', 'api-page', recordsCacheName].includes(path.basename(dir))) payloads.push(payload);
      return payload;
    });
    try {
      await pagesReadByBuild('unread');
    } finally {
      spy.mockRestore();
    }
    expect(payloads.length).toBeGreaterThan(3);
    for (const payload of payloads) expect(payload.toString('latin1')).not.toContain('"objectID"');
  });

  it('are read when the kept record chunks are damaged, and the index is still a cold build’s', async () => {
    await pagesReadByBuild('before');
    await edit('content/docs/guide/index.md', 'Another paragraph, about airships.');
    await damageKeptChunks();
    expect(await pagesReadByBuild('damaged')).toBeGreaterThan(3);
    await pagesReadByBuild('cold-again', false);
    expect(await search('damaged')).toEqual(await search('cold-again'));
  });

  it('damaged when the index needs them: the build renders their pages again, as a cold build', async () => {
    await pagesReadByBuild('before-damage');
    await edit('content/docs/guide/index.md', 'A paragraph about dirigibles.');
    // Each kept record's bytes changed in place (its header, which the cache checks a page by, intact).
    const folder = path.join(await engineCache(), recordsCacheName);
    for (const name of (await readdir(folder)).filter((file) => file.endsWith('.pack'))) {
      const file = await open(path.join(folder, name), 'r+');
      try {
        const { size } = await file.stat();
        for (let offset = 0; offset + 82 < size; ) {
          const header = Buffer.alloc(82);
          await file.read(header, 0, 82, offset);
          const length = Number(header.toString('latin1', 38, 48));
          await file.write(Buffer.from('{'), 0, 1, offset + 82);
          offset += 82 + length;
        }
      } finally {
        await file.close();
      }
    }
    await damageKeptChunks();
    await pagesReadByBuild('records-damaged');
    await pagesReadByBuild('cold-damaged', false);
    expect(await snapshotDir(path.join(site, 'records-damaged'))).toEqual(
      await snapshotDir(path.join(site, 'cold-damaged')),
    );
    // And the build after it reads what that one kept.
    await edit('content/docs/guide/index.md', 'And one about blimps.');
    await damageKeptChunks();
    await pagesReadByBuild('after-damage');
    await pagesReadByBuild('cold-after', false);
    expect(await search('after-damage')).toEqual(await search('cold-after'));
  });
});
