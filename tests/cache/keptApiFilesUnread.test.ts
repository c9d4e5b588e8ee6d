import { execFileSync } from 'node:child_process';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDir } from '../helpers/fixtureSite.ts';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { docsgen } from '../helpers/cli.ts';

/**
 * The reference's pages, their Markdown twins, the description's downloads and its Postman
 * collection taken from the cache are linked from the last build's output by their digests
 * (src/write/routeCache.ts): their bytes, kept apart from their fields, are read only when a file
 * is written. Proof: with all those bytes garbled, a warm build counts the misses an intact cache
 * counts and gives the bytes of a build without cache; with the last output gone too, the files
 * are made again, the same bytes, and kept again: the next build reads them from the cache. Docs
 * pages are kept the same way (cache 'pages').
 */
let site: string;
let intact: string;
beforeAll(async () => {
  site = await writeSplitApiSite();
  intact = `${site}-intact`;
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(intact, { recursive: true, force: true });
});

const misses = (stdout: string) => Number(/cache \d+ hits, (\d+) misses/.exec(stdout)?.[1]);

/** Garbles every pack of the caches of routes' bytes (headers and all: every entry unreadable); gives how many. */
async function garbleRouteBytes(root: string): Promise<number> {
  const [fingerprint] = await readdir(path.join(root, '.docsgen-cache'));
  let garbled = 0;
  for (const name of ['pages-bytes', 'api-page-bytes', 'api-twin-bytes', 'api-files-bytes']) {
    const dir = path.join(root, '.docsgen-cache', fingerprint, name);
    for (const pack of (await readdir(dir)).filter((file) => file.endsWith('.pack'))) {
      const file = path.join(dir, pack);
      const { size } = await stat(file);
      await writeFile(file, Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + 7) % 256)));
      garbled++;
    }
  }
  return garbled;
}

describe("a reference's files the last build kept", () => {
  it('are linked without their bytes being read, and made again when they must be written', async () => {
    const first = await docsgen(['build'], site);
    expect(first.code, first.stderr).toBe(0);
    execFileSync('cp', ['-a', site, intact]);
    expect(await garbleRouteBytes(site)).toBeGreaterThanOrEqual(4);

    const reference = await docsgen(['build'], intact);
    expect(reference.code, reference.stderr).toBe(0);
    const warm = await docsgen(['build'], site);
    expect(warm.code, warm.stderr).toBe(0);
    expect(misses(warm.stdout)).toBe(misses(reference.stdout));

    const cold = await docsgen(['build', '--no-cache', '--out', 'cold'], site);
    expect(cold.code, cold.stderr).toBe(0);
    const expected = await snapshotDir(path.join(site, 'cold'));
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(expected);
    expect([...expected.keys()]).toEqual(
      expect.arrayContaining(['api/things/index.html', 'api/things/index.md', 'api/postman-collection.json']),
    );

    // The last output gone: every file is written, its bytes made again where the cache's are damaged.
    const [fingerprint] = await readdir(path.join(site, '.docsgen-cache'));
    await rm(path.join(site, '.docsgen-cache', fingerprint, 'output'), { recursive: true, force: true });
    await rm(path.join(site, '.docsgen-cache', fingerprint, 'output.json'), { force: true });
    await garbleRouteBytes(site);
    const rewritten = await docsgen(['build'], site);
    expect(rewritten.code, rewritten.stderr).toBe(0);
    expect(rewritten.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(expected);

    // Made again, kept again: with the output gone once more, the next build misses no more than
    // an intact cache's build does.
    const withoutOutput = async (root: string) => {
      const [kept] = await readdir(path.join(root, '.docsgen-cache'));
      await rm(path.join(root, '.docsgen-cache', kept, 'output'), { recursive: true, force: true });
      await rm(path.join(root, '.docsgen-cache', kept, 'output.json'), { force: true });
      const result = await docsgen(['build'], root);
      expect(result.code, result.stderr).toBe(0);
      return misses(result.stdout);
    };
    expect(await withoutOutput(site)).toBe(await withoutOutput(intact));
  }, 600_000);
});
