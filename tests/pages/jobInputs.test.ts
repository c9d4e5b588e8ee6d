import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLargeSite } from '../helpers/largeSite.ts';
import { testAssets } from '../helpers/routedSite.ts';
import { loadSite, type SiteDoc, type Site } from '../../src/site/site.ts';
import { siteRoutes, withRoutes } from '../../src/pages/siteRoutes.ts';

/**
 * The build works out every job's inputs in the main thread before any page renders, so their
 * cost is paid in series. A lookup of each page in the list of pages made that quadratic: 1.6 s
 * of a 10,000-page build's load phase went to the Markdown twins' inputs alone. Counting the
 * reads of the page list keeps it linear without timing anything.
 */
let root: string;
let site: Site;
beforeAll(async () => {
  root = await writeLargeSite();
  site = { ...(await loadSite(root)), assets: testAssets };
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** `docs` behind a proxy that counts every read of one of its pages. */
function counted(docs: SiteDoc[]): { docs: SiteDoc[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(docs, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { docs: proxy, reads: () => reads };
}

describe('job inputs', () => {
  it('read each page a bounded number of times, however many pages there are', () => {
    const { docs, reads } = counted(site.docs);
    const large = { ...site, docs };
    const routes = siteRoutes(large);
    const whole = withRoutes(large, routes);
    const before = reads();
    for (const source of new Set(routes.map((route) => route.source))) {
      const own = routes.filter((route) => route.source === source).map(({ route }) => route);
      for (const group of source.jobs?.(whole, own) ?? [own]) source.inputs?.(whole, group);
    }
    expect(site.docs.length).toBeGreaterThan(150);
    // Each source may go through the list a few times; a lookup per page goes through it once per page.
    expect(reads() - before).toBeLessThanOrEqual(10 * site.docs.length);
  });
});
