import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { heldWorkerEngine } from '../helpers/heldWorker.ts';
import { DevSite } from '../../src/serve/devSite.ts';
import type { DocsgenError } from '../../src/errors.ts';

describe("the dev server's check of a split reference's description", () => {
  let site: string;
  let engine: Awaited<ReturnType<typeof heldWorkerEngine>>;
  let dev: DevSite;
  const errors: DocsgenError[] = [];

  beforeAll(async () => {
    site = await writeSplitApiSite();
    const file = path.join(site, 'openapi/api.yaml');
    // A key OpenAPI does not have: the reference builds, Redocly's check refuses it.
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace("operationId: 'listThings'", "operationId: 'listThings'\n      sumary: Typo"));
    // The engine compiled as `docsgen` runs it, the check's thread held.
    engine = await heldWorkerEngine('src/openapi/validateWorker.mjs');
    dev = await DevSite.create(site, undefined, { warning: () => {}, error: (error) => errors.push(error) }, true);
  });

  afterAll(async () => {
    await dev?.close();
    await engine?.remove();
    if (site) await rm(site, { recursive: true, force: true });
  });

  it('runs in a thread of its own: pages are answered while it runs, and its mistake is reported at its place', async () => {
    expect(await dev.page('/api/')).toContain('Split API');
    dev.scheduleRefresh();
    expect(await Promise.race([engine.held.then(() => 'held'), dev.idle().then(() => 'refresh ended')])).toBe('held');
    expect(await dev.page('/api/things/')).toContain('List things');
    expect(errors).toEqual([]);
    engine.release();
    await dev.idle();
    expect(errors.map((error) => error.format(site))).toEqual([
      expect.stringMatching(
        /^openapi\/api\.yaml:\d+:\d+: OpenAPI file is not valid at #\/paths\/~1things~1\/get\/sumary/,
      ),
    ]);
  });
});
