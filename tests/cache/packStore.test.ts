import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactPacks, PackStore } from '../../src/cache/packStore.ts';
import { RenderCache } from '../../src/cache/renderCache.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-packs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(32, '0');
const packs = async () => (await readdir(dir)).filter((name) => name.endsWith('.pack'));

describe('the pack store', () => {
  it('keeps entries in one file per writer, read back by a new store', async () => {
    const writer = new PackStore(dir);
    for (let n = 0; n < 50; n++) await writer.set(key(n), Buffer.from(`entry ${n} `.repeat(n + 1)));
    writer.close();
    expect(await packs()).toHaveLength(1);
    const reader = new PackStore(dir);
    expect(reader.has(key(7))).toBe(true);
    expect((await reader.get(key(49)))?.toString()).toBe('entry 49 '.repeat(50));
    expect(await reader.get(key(50))).toBeUndefined();
    // Keys that are not digests are stored under their digest.
    await reader.set('site-pages/home', Buffer.from('home'));
    reader.close();
    expect((await new PackStore(dir).get('site-pages/home'))?.toString()).toBe('home');
  });

  it('reads a pack cut short up to the damage, and treats an entry whose bytes changed as a miss', async () => {
    const writer = new PackStore(dir);
    for (let n = 0; n < 10; n++) await writer.set(key(n), Buffer.from(`value ${n}`.repeat(100)));
    writer.close();
    const [pack] = await packs();
    const file = path.join(dir, pack);
    const { size } = await stat(file);
    await truncate(file, Math.floor(size / 2));
    const bytes = await readFile(file);
    bytes[100] ^= 0xff; // inside the first entry's payload
    await writeFile(file, bytes);
    const reader = new PackStore(dir);
    expect(await reader.get(key(0))).toBeUndefined();
    expect((await reader.get(key(3)))?.toString()).toBe('value 3'.repeat(100));
    expect(reader.has(key(9))).toBe(false);
    reader.close();
  });

  it('reads garbage as no entries, and a render cache over it as misses', async () => {
    await writeFile(
      path.join(dir, 'garbage.pack'),
      Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 131 + 7) % 256)),
    );
    await writeFile(path.join(dir, 'header-only.pack'), `DG1 E${key(1)} 9999999999 ${key(2)}\n`);
    const cache = new RenderCache<{ html: string }>(dir);
    expect(await cache.get(key(1))).toBeUndefined();
    await cache.set(key(1), { html: '<p>ok</p>' });
    expect(await new RenderCache<{ html: string }>(dir).get(key(1))).toEqual({ html: '<p>ok</p>' });
  });

  it('compacts: keeps what a build wrote or used since it started, drops the rest once it is most of the bytes', async () => {
    const old = new PackStore(dir);
    const big = Buffer.alloc(100_000, 'x');
    for (let n = 0; n < 30; n++) await old.set(key(n), big);
    old.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const build = new PackStore(dir);
    expect(await build.get(key(3))).toBeDefined();
    await build.touch(key(3));
    await build.set(key(100), Buffer.from('new'));
    build.close();

    expect((await readdir(dir)).filter((name) => name.endsWith('.used'))).toHaveLength(1);
    const left = await compactPacks(dir, since);
    expect(await packs()).toHaveLength(1);
    // The list of used keys served this decision only.
    expect((await readdir(dir)).filter((name) => name.endsWith('.used'))).toEqual([]);
    expect(left).toBeLessThan(2 * 100_000);
    const after = new PackStore(dir);
    expect((await after.get(key(3)))?.equals(big)).toBe(true);
    expect((await after.get(key(100)))?.toString()).toBe('new');
    expect(after.has(key(4))).toBe(false);
    after.close();

    // Other files in the folder are not packs: compaction leaves them alone.
    await writeFile(path.join(dir, 'index.files'), Buffer.alloc(200_000, 'y'));
    await compactPacks(dir, Date.now() + 1000);
    expect((await stat(path.join(dir, 'index.files'))).size).toBe(200_000);

    // Nothing to drop: the packs are left as they are.
    const before = await packs();
    await compactPacks(dir, 0);
    expect(await packs()).toEqual(before);
  });
});
