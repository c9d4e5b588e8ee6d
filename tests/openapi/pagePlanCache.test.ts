import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { imageWarnings, loadSiteAndProblems } from '../../src/site/site.ts';

/** How many times the reference's outline (what a split reference's pages are planned from) was built. */
const outlinesBuilt = vi.hoisted(() => ({ count: 0 }));
/** How many times a file of the description was parsed to locate a warning. */
const filesParsed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/yaml/locateYamlPath.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/yaml/locateYamlPath.ts')>();
  return {
    ...original,
    yamlLocator: (source: string) => (filesParsed.count++, original.yamlLocator(source)),
  };
});
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

  it("locates the description's foreign images once, and not again while it is unchanged", async () => {
    const description = path.join(root, 'openapi/api.yaml');
    const { readFile, writeFile } = await import('node:fs/promises');
    await writeFile(
      description,
      (await readFile(description, 'utf8')).replace(
        'description: An API large enough to be split.',
        'description: "An API large enough to be split. ![a](https://img.one.example/a.png) ![b](https://img.two.example/b.png)"',
      ),
    );
    const warnings = async () =>
      imageWarnings({ ...(await loadSiteAndProblems(root, undefined, cacheDir)).site, cacheDir });
    const parsedBefore = filesParsed.count;
    const first = await warnings();
    expect(first).toHaveLength(2);
    expect(first?.[0]).toMatch(/api\.yaml:\d+:\d+: .*img\.one\.example/);
    expect(filesParsed.count - parsedBefore).toBe(1);
    const located = filesParsed.count;
    expect(await warnings()).toEqual(first);
    expect(filesParsed.count).toBe(located);
  });

  it('is planned again when the description changes', async () => {
    const built = outlinesBuilt.count;
    await appendFile(path.join(root, 'openapi/api.yaml'), '    Extra:\n      type: string\n');
    const planned = await load();
    expect(outlinesBuilt.count).toBe(built + 1);
    expect(planned.at(-1)?.kind).toBe('schemas');
  });
});
