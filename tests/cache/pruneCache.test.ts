import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneCache } from '../../src/cache/pruneCache.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-prune-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('pruneCache', () => {
  it('keeps the cache under its bound, oldest entries first, drops older fingerprints, and reports its size', async () => {
    const current = path.join(root, 'aaaaaaaaaaaaaaaa');
    const older = path.join(root, 'bbbbbbbbbbbbbbbb');
    const oldest = path.join(root, 'cccccccccccccccc');
    for (const dir of [older, oldest]) await mkdir(dir, { recursive: true });
    await utimes(oldest, new Date(1_000_000), new Date(1_000_000));
    await mkdir(path.join(current, 'pages'), { recursive: true });
    for (let i = 0; i < 10; i++) {
      const file = path.join(current, 'pages', `entry-${i}.json`);
      await writeFile(file, 'x'.repeat(1000));
      // entry-0 is the oldest.
      await utimes(file, new Date(2_000_000 + i * 1000), new Date(2_000_000 + i * 1000));
    }
    const size = await pruneCache(root, current, { keep: 2, limitBytes: 6500 });
    expect(size).toBe(6000);
    expect((await readdir(path.join(current, 'pages'))).sort()).toEqual([
      'entry-4.json',
      'entry-5.json',
      'entry-6.json',
      'entry-7.json',
      'entry-8.json',
      'entry-9.json',
    ]);
    expect((await readdir(root)).sort()).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
  });

  it('takes the files it is told of (the kept output) as told, and the others from the file system', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'docsgen-prune-known-'));
    const current = path.join(base, 'dddddddddddddddd');
    await mkdir(path.join(current, 'output', 'docs'), { recursive: true });
    const kept = path.join(current, 'output', 'docs', 'index.html');
    const entry = path.join(current, 'entry.json');
    await writeFile(kept, 'k'.repeat(100));
    await writeFile(entry, 'e'.repeat(100));
    await utimes(entry, new Date(3_000_000), new Date(3_000_000));
    // Told the kept file is larger and older than it is: it goes first, and what is left is counted as told.
    const known = { folder: path.join(current, 'output'), files: new Map([[kept, { size: 400, mtimeMs: 1_000_000 }]]) };
    expect(await pruneCache(base, current, { limitBytes: 10_000, known })).toBe(500);
    expect(await pruneCache(base, current, { limitBytes: 450, known })).toBe(100);
    expect(await readdir(path.join(current, 'output', 'docs'))).toEqual([]);
    expect(await readdir(current)).toContain('entry.json');
    await rm(base, { recursive: true, force: true });
  });

  it('does not list the folder of the files it is told of: the manifest names them', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'docsgen-prune-unlisted-'));
    const current = path.join(base, 'eeeeeeeeeeeeeeee');
    await mkdir(path.join(current, 'output', 'docs'), { recursive: true });
    await mkdir(path.join(current, 'pages'), { recursive: true });
    const kept = path.join(current, 'output', 'docs', 'index.html');
    await writeFile(kept, 'k'.repeat(100));
    // Not in the manifest: not seen (a walk of the folder would count its 1,000 bytes).
    await writeFile(path.join(current, 'output', 'docs', 'unnamed.html'), 'u'.repeat(1000));
    await writeFile(path.join(current, 'pages', 'entry.pack'), 'p'.repeat(10));
    const known = { folder: path.join(current, 'output'), files: new Map([[kept, { size: 100, mtimeMs: 1_000_000 }]]) };
    expect(await pruneCache(base, current, { limitBytes: 10_000, known })).toBe(110);
    await rm(base, { recursive: true, force: true });
  });
});
