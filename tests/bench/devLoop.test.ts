import { watch } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { devLoopFigures } from '../../bench/devServerBench.ts';
import { removeDeferred } from '../../bench/fileSystemQuiet.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  // The bench removes its copies at its end, not between measurements.
  await removeDeferred();
});

/** Every file's modification time: a file written and then restored keeps its bytes but not this. */
async function modificationTimes(dir: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      times.set(path.join(entry.parentPath, entry.name), (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return times;
}

it('measures the dev loop on a copy: the project is never written, so an interrupted bench leaves it as it was', async () => {
  const bytes = await snapshotDir(site);
  const times = await modificationTimes(site);
  const writes: string[] = [];
  const watcher = watch(path.join(site, 'content'), { recursive: true }, (_event, file) => writes.push(String(file)));
  try {
    const figures = await devLoopFigures(site, 'intro.md', '/docs/intro/', 2);
    expect(Number.isFinite(figures.medianEditMs)).toBe(true);
    expect(figures.firstPageMs).toBeGreaterThan(0);
  } finally {
    watcher.close();
  }
  expect(writes).toEqual([]);
  expect(await snapshotDir(site)).toEqual(bytes);
  expect(await modificationTimes(site)).toEqual(times);
}, 120_000);
