import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactPacks, PackStore } from '../../src/cache/packStore.ts';

/** Reads of one record header (82 bytes): what indexing a pack costs, a read a record. */
const headerReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readSync = ((...args: unknown[]) => {
    if (args[3] === 82) headerReads.count++;
    return (fs.readSync as (...all: unknown[]) => number)(...args);
  }) as typeof fs.readSync;
  return { ...fs, readSync, default: { ...fs, readSync } };
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-pack-scans-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(32, '0');
const packs = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.pack'));

async function filled(name: string): Promise<string> {
  const dir = path.join(root, name);
  const store = new PackStore(dir);
  for (let n = 0; n < 20; n++) await store.set(key(n), Buffer.alloc(10_000, n));
  store.close();
  return dir;
}

describe('indexing packs', () => {
  it('compaction after a build reads no header the build indexed, and none of a cache the build did not use', async () => {
    const used = await filled('pages');
    const unused = await filled('markdown');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));

    headerReads.count = 0;
    const build = new PackStore(used);
    expect((await build.get(key(3)))?.equals(Buffer.alloc(10_000, 3))).toBe(true);
    await build.touch(key(3));
    build.close();
    // The build indexed its pack once: a read a record.
    expect(headerReads.count).toBe(20);

    headerReads.count = 0;
    await compactPacks(used, since);
    await compactPacks(unused, since);
    expect(headerReads.count).toBe(0);

    // And compaction did what it does: the used entry kept, the others and the unused cache dropped.
    const after = new PackStore(used);
    expect((await after.get(key(3)))?.equals(Buffer.alloc(10_000, 3))).toBe(true);
    expect(after.has(key(4))).toBe(false);
    after.close();
    expect(await packs(unused)).toEqual([]);
    expect(new PackStore(unused).has(key(3))).toBe(false);
  });

  it('indexes a pack again once it has grown, and finds what was appended', async () => {
    const dir = path.join(root, 'pages');
    const writer = new PackStore(dir);
    await writer.set(key(1), Buffer.from('one'));
    const reader = new PackStore(dir);
    expect(reader.has(key(1))).toBe(true);
    // The writer appends to the pack the reader indexed.
    await writer.set(key(2), Buffer.from('two'));
    writer.close();
    reader.close();
    expect((await new PackStore(dir).get(key(2)))?.toString()).toBe('two');
    await compactPacks(dir, 0);
    expect((await new PackStore(dir).get(key(2)))?.toString()).toBe('two');
  });
});
