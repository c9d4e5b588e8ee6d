import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** esbuild's compiles (the config, the theme's components, the assets). */
const compiles = vi.hoisted(() => ({ count: 0 }));
vi.mock('esbuild', async (importOriginal) => {
  const original = await importOriginal<typeof import('esbuild')>();
  const build: typeof original.build = (options) => (compiles.count++, original.build(options));
  return { ...original, default: { ...original, build }, build };
});

let site: string;
let clone: string;
beforeAll(async () => {
  site = await copyFixtureSite();
  clone = await mkdtemp(path.join(os.tmpdir(), 'docsgen-moved-'));
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(clone, { recursive: true, force: true });
});

describe('a project checked out at another path with its cache (a CI clone)', () => {
  it('is served from the cache whole: no entry is keyed by where the project was', async () => {
    const first = await build({ root: site, outDir: 'dist' });
    expect(first.cacheMisses).toBeGreaterThan(0);
    // File times kept to the nanosecond, as a clone dates pages by their commits (fs.cp rounds them to the millisecond).
    await promisify(execFile)('cp', ['-a', `${site}/.`, clone]);
    await rm(path.join(clone, 'dist'), { recursive: true, force: true });
    compiles.count = 0;
    const moved = await build({ root: clone, outDir: 'dist' });
    expect(moved.cacheMisses).toBe(0);
    // Its config's compile is kept too: it named the files it read by their absolute paths.
    expect(compiles.count).toBe(0);
    expect(await snapshotDir(path.join(clone, 'dist'))).toEqual(await snapshotDir(path.join(site, 'dist')));
  });
});
