import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** How many parts (record chunks, postings blocks) were compressed. */
const compressed = vi.hoisted(() => ({ parts: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:zlib')>();
  return {
    ...original,
    gzipSync: (...args: Parameters<typeof original.gzipSync>) => (compressed.parts++, original.gzipSync(...args)),
  };
});

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

async function compressionsOfBuild(out: string, cache = true): Promise<number> {
  compressed.parts = 0;
  await build({ root: site, outDir: out, cache });
  return compressed.parts;
}

describe('the search index after an edit', () => {
  it('reuses the record chunks of the pages that did not change, and is byte for byte a cold build’s', async () => {
    const everyChunk = await compressionsOfBuild('first');
    // The first docs page in route order, so that every later record's id moves: a paragraph is a record more.
    const page = path.join(site, 'content/docs/guide/index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph about zeppelins and their moorings.\n`);
    const warm = await compressionsOfBuild('warm');
    const cold = await compressionsOfBuild('cold', false);
    expect(cold).toBe(everyChunk);
    expect(warm).toBeLessThan(cold);
    const search = async (out: string) => snapshotDir(path.join(site, out, 'search'));
    const built = await search('warm');
    expect([...built.keys()].sort()).toEqual([...(await search('cold')).keys()].sort());
    expect(built).toEqual(await search('cold'));
    // The edit is in the index (not the first build's index restored).
    expect(built).not.toEqual(await search('first'));
  });
});
