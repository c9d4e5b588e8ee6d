import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { minimumParallelWorkMs } from '../../src/build/renderPool.ts';
import { cacheSet } from '../../src/cache/cacheSet.ts';
import { cachePaths } from '../../src/cache/cachePaths.ts';
import { docsSource } from '../../src/pages/docsSource.ts';
import { llmsSource } from '../../src/pages/llmsSource.ts';
import { siteRoutes, withRoutes } from '../../src/pages/siteRoutes.ts';
import { resolveSite } from '../../src/site/resolveSite.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';

let site: string;
let scratch: string;
beforeAll(async () => {
  site = await copyFixtureSite();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-estimate-'));
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe('the estimate of a build whose docs pages are all in the cache', () => {
  it('stays under the work that starts worker threads at 1,000 pages (the CI case: one page edited)', async () => {
    await build({ root: site, outDir: 'dist' });
    const { site: resolved } = await resolveSite(site, undefined, {
      assetsDir: scratch,
      cacheDir: cachePaths(site).engine,
    });
    const loaded = withRoutes(resolved, siteRoutes(resolved));
    const caches = cacheSet(loaded);
    const pages = loaded.versions.reduce((sum, { docs }) => sum + docs.length, 0);
    expect(pages).toBeGreaterThan(1);
    const estimate = docsSource.estimate(loaded, caches) + llmsSource.estimate(loaded, caches);
    caches.close();
    // Workers cost more than such pages: their start-up, the site sent to them, the pages sent back.
    expect((estimate / pages) * 1000).toBeLessThan(minimumParallelWorkMs);
  });
});
