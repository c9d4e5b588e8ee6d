import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { heldWorkerEngine } from '../helpers/heldWorker.ts';
import { DevSite } from '../../src/serve/devSite.ts';
import { build } from '../../src/build/build.ts';
import { settingsPath } from '../../src/search/searchSettings.ts';
import type { DocsgenError } from '../../src/errors.ts';

describe("the dev server's search index", () => {
  let site: string;
  let built: string;
  let engine: Awaited<ReturnType<typeof heldWorkerEngine>>;
  let dev: DevSite;
  const errors: DocsgenError[] = [];
  const intro = 'content/docs/intro.md';
  const edited = (text: string) => text.replace('## Overview', '## Overview\n\nQuinquereme cargo, edited.');

  beforeAll(async () => {
    // The index a build writes of the edited site: what the dev server's must equal, byte for byte.
    site = await copyFixtureSite();
    const file = path.join(site, intro);
    const original = await readFile(file, 'utf8');
    await writeFile(file, edited(original));
    built = await mkdtemp(path.join(os.tmpdir(), 'docsgen-built-'));
    await build({ root: site, outDir: built, cache: false });
    await writeFile(file, original);
    // The engine compiled as `docsgen` runs it, its index thread held.
    engine = await heldWorkerEngine('src/search/searchIndexWorker.mjs');
    dev = await DevSite.create(site, undefined, { warning: () => {}, error: (error) => errors.push(error) }, true);
  });

  afterAll(async () => {
    await dev?.close();
    await engine?.remove();
    for (const dir of [site, built]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a save and a page request while the index is being written, then writes the index a build writes', async () => {
    dev.scheduleRefresh();
    // The refresh renders every page, then asks for the index: it must not end before that thread is held.
    expect(await Promise.race([engine.held.then(() => 'held'), dev.idle().then(() => 'refresh ended')])).toBe('held');
    expect(existsSync(path.join(dev.filesDir, settingsPath))).toBe(false);

    // A save and a request, answered while the index is not written.
    const file = path.join(site, intro);
    await writeFile(file, edited(await readFile(file, 'utf8')));
    const outcome = await dev.changed(intro);
    expect(outcome && 'reload' in outcome && outcome.reload).toEqual(['/docs/intro/']);
    expect(await dev.page('/docs/intro/')).toContain('Quinquereme cargo, edited.');
    expect(existsSync(path.join(dev.filesDir, settingsPath))).toBe(false);

    engine.release();
    await dev.idle();
    expect(errors).toEqual([]);
    // The index after the edit, as the browser reads it: the settings and the files they name.
    const settings = await readFile(path.join(dev.filesDir, settingsPath), 'utf8');
    expect(settings).toBe(await readFile(path.join(built, settingsPath), 'utf8'));
    const folder = (JSON.parse(settings) as { backend: { index: { base: string } } }).backend.index.base
      .split('/')
      .at(-2)!;
    const index = path.join('search/index', folder);
    const served = await snapshotDir(path.join(dev.filesDir, index));
    expect(served.size).toBeGreaterThan(0);
    expect(served).toEqual(await snapshotDir(path.join(built, index)));
  });
});
