import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { loadSiteAndProblems } from '../../src/site/site.ts';

/** How many times the reference's outline (what a split reference's pages are planned from) was built. */
const outlinesBuilt = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/openapi/buildReference.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/openapi/buildReference.ts')>();
  return {
    ...original,
    buildApiReference: (...args: Parameters<typeof original.buildApiReference>) => {
      outlinesBuilt.count++;
      return original.buildApiReference(...args);
    },
  };
});

/**
 * A split reference's page plan needs the whole reference's outline (GitHub's: ~2 s of CPU): a
 * build that finds the description unchanged takes the plan from the render cache instead.
 */
let root: string;
let cacheDir: string;
beforeAll(async () => {
  root = await writeSplitApiSite();
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-plan-cache-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const load = async () => (await loadSiteAndProblems(root, undefined, cacheDir)).site.apiPages;

describe('the page plan of a split reference', () => {
  it('is planned once, then read from the cache while its description is unchanged', async () => {
    const planned = await load();
    expect(planned.length).toBeGreaterThan(3);
    expect(outlinesBuilt.count).toBe(1);
    expect(await load()).toEqual(planned);
    expect(outlinesBuilt.count).toBe(1);
  });

  it('is planned again when the description changes', async () => {
    await appendFile(path.join(root, 'openapi/api.yaml'), '    Extra:\n      type: string\n');
    const planned = await load();
    expect(outlinesBuilt.count).toBe(2);
    expect(planned.at(-1)?.kind).toBe('schemas');
  });
});
