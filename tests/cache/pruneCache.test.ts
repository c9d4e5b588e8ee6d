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
});
