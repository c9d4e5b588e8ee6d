import { readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

/** Bytes of the packs of one kind of cache entry (pages, markdown, …). */
async function packBytes(kind: string): Promise<number> {
  let total = 0;
  for (const fingerprint of await readdir(path.join(site, '.docsgen-cache'))) {
    const dir = path.join(site, '.docsgen-cache', fingerprint, kind);
    for (const name of await readdir(dir).catch(() => []))
      if (name.endsWith('.pack')) total += (await stat(path.join(dir, name))).size;
  }
  return total;
}

/** The folder of one kind of entry under the current engine fingerprint (the newest). */
async function cacheFolder(kind: string): Promise<string> {
  const root = path.join(site, '.docsgen-cache');
  const fingerprints = await Promise.all(
    (await readdir(root)).map(async (name) => ({ name, mtime: (await stat(path.join(root, name))).mtimeMs })),
  );
  return path.join(root, fingerprints.sort((a, b) => b.mtime - a.mtime)[0].name, kind);
}

/** Bytes of every file of the cache. */
async function cacheBytes(): Promise<number> {
  const entries = await readdir(path.join(site, '.docsgen-cache'), { recursive: true, withFileTypes: true });
  let total = 0;
  for (const entry of entries) if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

describe('the build cache', () => {
  it('gives byte for byte the output of a build without it, taken whole from the cache when nothing changed', async () => {
    await build({ root: site, outDir: 'cold', cache: false });
    await build({ root: site, outDir: 'first' });
    await build({ root: site, outDir: 'warm' });
    const cold = await snapshotDir(path.join(site, 'cold'));
    expect(await snapshotDir(path.join(site, 'first'))).toEqual(cold);
    expect(await snapshotDir(path.join(site, 'warm'))).toEqual(cold);
    // A page's HTML is kept as the bytes it is written as (no JSON string to decode and encode again),
    // apart from its fields, so that a page linked from the last output never reads it.
    const html = await readFile(path.join(site, 'cold/docs/intro/index.html'));
    const pages = await cacheFolder('pages-bytes');
    const kept = await Promise.all(
      (await readdir(pages)).filter((name) => name.endsWith('.pack')).map((name) => readFile(path.join(pages, name))),
    );
    expect(kept.some((pack) => pack.includes(html))).toBe(true);
    // The search index is kept whole (links to its files), and the warm build linked it from there:
    // its files are the first build's (one inode each), neither rebuilt nor read and written again.
    const keptIndex = await readdir(await cacheFolder('search-index'));
    const [folder] = await readdir(path.join(site, 'warm/search/index'));
    const warmFiles = await readdir(path.join(site, 'warm/search/index', folder));
    expect(warmFiles.sort()).toEqual(keptIndex.sort());
    expect(warmFiles.length).toBeGreaterThan(2);
    for (const name of warmFiles) {
      const inode = async (out: string) => (await stat(path.join(site, out, 'search/index', folder, name))).ino;
      expect(await inode('warm')).toBe(await inode('first'));
    }
  });

  it('leaves no file of the cache open once a build is over', async () => {
    const cacheFilesOpen = async () => {
      let open = 0;
      for (const fd of await readdir('/proc/self/fd')) {
        if (
          (await readlink(`/proc/self/fd/${fd}`).catch(() => '')).startsWith(
            path.join(site, '.docsgen-cache') + path.sep,
          )
        )
          open++;
      }
      return open;
    };
    await build({ root: site, outDir: 'first' });
    await build({ root: site, outDir: 'warm' });
    expect(await cacheFilesOpen()).toBe(0);
  });

  it('renders again what a change touches: the page edited, and every shell when a title changes', async () => {
    const page = path.join(site, 'content/docs/guide/step.md');
    const original = await readFile(page, 'utf8');
    await build({ root: site, outDir: 'before' });
    await writeFile(page, original.replace(/\n\n/, '\n\nA sentence added for the cache test.\n\n'));
    await build({ root: site, outDir: 'edited' });
    const step = await readFile(path.join(site, 'edited/docs/guide/step/index.html'), 'utf8');
    expect(step).toContain('A sentence added for the cache test.');
    const records = await readSearchRecords(path.join(site, 'edited'));
    expect(records.some((record) => record.content?.includes('A sentence added for the cache test.'))).toBe(true);

    // The introduction's sidebar and 'next' link name the retitled page.
    await writeFile(page, original.replace(/^title: .*$/m, 'title: Step renamed'));
    await build({ root: site, outDir: 'retitled' });
    const intro = await readFile(path.join(site, 'retitled/docs/intro/index.html'), 'utf8');
    expect(intro).toContain('Step renamed');
    expect(await readFile(path.join(site, 'before/docs/intro/index.html'), 'utf8')).not.toContain('Step renamed');
    await writeFile(page, original);
  });

  it('writes llms-full.txt with one page edited as a build without the cache does, the other twins copied from the kept file', async () => {
    const page = path.join(site, 'content/docs/guide/step.md');
    const original = await readFile(page, 'utf8');
    await build({ root: site, outDir: 'llms-before' });
    await writeFile(page, original.replace(/\n\n/, '\n\nA sentence added for llms-full.txt (é, 😀).\n\n'));
    await build({ root: site, outDir: 'llms-edited' });
    await build({ root: site, outDir: 'llms-cold', cache: false });
    await writeFile(page, original);
    const full = await readFile(path.join(site, 'llms-edited/llms-full.txt'), 'utf8');
    expect(full).toContain('A sentence added for llms-full.txt (é, 😀).');
    expect(full).toBe(await readFile(path.join(site, 'llms-cold/llms-full.txt'), 'utf8'));
    expect(full).not.toBe(await readFile(path.join(site, 'llms-before/llms-full.txt'), 'utf8'));
  });

  it('renders the home, search and not-found pages again when the config changes', async () => {
    const config = path.join(site, 'docsgen.config.ts');
    const original = await readFile(config, 'utf8');
    await build({ root: site, outDir: 'config-before' });
    await writeFile(config, original.replace("title: 'Fixture Docs'", "title: 'Fixture Handbook'"));
    await build({ root: site, outDir: 'config-edited' });
    for (const route of ['index.html', 'search/index.html', '404.html']) {
      expect(await readFile(path.join(site, 'config-edited', route), 'utf8'), route).toContain('Fixture Handbook');
      expect(await readFile(path.join(site, 'config-before', route), 'utf8'), route).not.toContain('Fixture Handbook');
    }
    await writeFile(config, original);
  });

  it('renders the home page again when content/home.md changes', async () => {
    const home = path.join(site, 'content/home.md');
    const original = await readFile(home, 'utf8');
    await build({ root: site, outDir: 'home-before' });
    await writeFile(home, `${original}\nA line added to the home page.\n`);
    await build({ root: site, outDir: 'home-edited' });
    expect(await readFile(path.join(site, 'home-edited/index.html'), 'utf8')).toContain(
      'A line added to the home page.',
    );
    expect(await readFile(path.join(site, 'home-before/index.html'), 'utf8')).not.toContain(
      'A line added to the home page.',
    );
    await writeFile(home, original);
  });

  it('keeps what the last build wrote or used, not every version of every page', async () => {
    const config = path.join(site, 'docsgen.config.ts');
    const original = await readFile(config, 'utf8');
    await build({ root: site, outDir: 'pruned' });
    const first = await packBytes('pages');
    // Each new title changes every page's shell: every entry of the build before goes stale.
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      await writeFile(config, original.replace("title: 'Fixture Docs'", `title: 'Fixture ${title}'`));
      await build({ root: site, outDir: 'pruned' });
    }
    await writeFile(config, original);
    await build({ root: site, outDir: 'pruned' });
    const warm = await build({ root: site, outDir: 'pruned' });
    expect(warm.cacheMisses).toBe(0);
    // Six versions of every page were written (5 times the first build's bytes without compaction); about two are kept.
    expect(await packBytes('pages')).toBeLessThan(2.5 * first);
    expect(warm.cacheBytes).toBe(await cacheBytes());
  });
});
