import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

/**
 * A docs page taken whole from the cache is linked from the last build's output by its digest
 * (src/write/keptOutput.ts); its HTML, kept apart from its fields, is read only when the page is
 * written. Proof: with every kept page's HTML garbled, a build with one page edited counts the
 * misses an intact cache counts (a page whose HTML were read would miss and render again), and
 * gives the bytes of a build without cache.
 */
let site: string;
let intact: string;
beforeAll(async () => {
  site = await copyFixtureSite();
  intact = `${site}-intact`;
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(intact, { recursive: true, force: true });
});

const misses = (stdout: string) => Number(/cache \d+ hits, (\d+) misses/.exec(stdout)?.[1]);

async function edit(root: string) {
  const page = path.join(root, 'content/docs/guide/step.md');
  await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph added in this commit.\n`);
}

describe('a docs page the last build kept', () => {
  it('is linked without its HTML being read', async () => {
    const first = await docsgen(['build'], site);
    expect(first.code, first.stderr).toBe(0);
    // With its files' times to the nanosecond (pages are dated by them): the same pages' keys.
    execFileSync('cp', ['-a', site, intact]);

    const [fingerprint] = await readdir(path.join(site, '.docsgen-cache'));
    const htmlDir = path.join(site, '.docsgen-cache', fingerprint, 'pages-bytes');
    const packs = (await readdir(htmlDir)).filter((name) => name.endsWith('.pack'));
    expect(packs.length).toBeGreaterThan(0);
    for (const pack of packs) {
      const file = path.join(htmlDir, pack);
      const { size } = await stat(file);
      // Headers and all: every entry of the HTML cache is unreadable.
      await writeFile(file, Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + 7) % 256)));
    }

    await edit(intact);
    await edit(site);
    const reference = await docsgen(['build'], intact);
    expect(reference.code, reference.stderr).toBe(0);
    const ci = await docsgen(['build'], site);
    expect(ci.code, ci.stderr).toBe(0);
    expect(misses(ci.stdout)).toBeGreaterThan(0);
    expect(misses(ci.stdout)).toBe(misses(reference.stdout));

    const cold = await docsgen(['build', '--no-cache', '--out', 'cold'], site);
    expect(cold.code, cold.stderr).toBe(0);
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(await snapshotDir(path.join(site, 'cold')));
    expect(await readFile(path.join(site, 'dist/docs/guide/step/index.html'), 'utf8')).toContain(
      'A paragraph added in this commit.',
    );
  });
});
