import { readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

/** Every file of the render cache, whatever kind of entry it holds. */
async function cacheFiles(site: string): Promise<string[]> {
  const root = path.join(site, '.docsgen-cache');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

describe('a damaged cache', () => {
  it('is repaired by the next build: exit 0, no stack trace, the bytes of a build without cache', async () => {
    const clean = await docsgen(['build', '--no-cache', '--out', 'clean'], site);
    expect(clean.code, clean.stderr).toBe(0);
    const first = await docsgen(['build'], site);
    expect(first.code, first.stderr).toBe(0);

    const files = await cacheFiles(site);
    const kinds = new Set(
      files.map((file) => path.relative(path.join(site, '.docsgen-cache'), file).split(path.sep)[1]),
    );
    // Pages, home, search and not-found, /api/ and its description's fragments, the description's files (downloads, Postman), rendered Markdown, the assets' manifest and bundles, the search index.
    for (const kind of [
      'pages',
      'home',
      'search-page',
      'not-found',
      'api-page',
      'api-fragment',
      'api-files',
      'markdown',
      'assets.json',
      'assets-files',
      'search-index',
    ])
      expect(kinds).toContain(kind);
    const bundle = files.find((file) => /assets-files[\\/].*\.js$/.test(file))!;
    for (const [index, file] of files.entries()) {
      if (file === bundle) continue;
      const { size } = await stat(file);
      if (index % 2 === 0) await truncate(file, Math.floor(size / 2));
      else
        await writeFile(file, Buffer.from(Array.from({ length: Math.max(size, 16) }, (_, i) => (i * 131 + 7) % 256)));
    }
    await rm(bundle);

    const repaired = await docsgen(['build'], site);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stderr).not.toMatch(/SyntaxError|TypeError|ENOENT|\n\s+at /);
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(await snapshotDir(path.join(site, 'clean')));

    // And the entries it rewrote serve the build after it.
    const again = await docsgen(['build'], site);
    expect(again.code, again.stderr).toBe(0);
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(await snapshotDir(path.join(site, 'clean')));
    expect((await readFile(path.join(site, 'dist/index.html'), 'utf8')).length).toBeGreaterThan(1000);
  });
});
