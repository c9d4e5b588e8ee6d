import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixtureSite } from './fixtureSite.ts';

/**
 * The fixture site grown past the lazy-sidebar threshold (169 links): `alpha/` (a page and 60
 * pages), `beta/` (a page, 40 pages and `beta/deep/` with a page and 30), `gamma/` (30 pages, no
 * page of its own). Every alpha page links to Deep 03 and Gamma 05.
 */
export async function writeLargeSite(): Promise<string> {
  const site = await copyFixtureSite();
  const section = (dir: string, label: string, position: number, pages: number, withIndex: boolean, body = '') =>
    writeDocsSection(site, { dir, label, position, pages, withIndex, body });
  const depth = (dir: string) => '../'.repeat(dir.split('/').length);
  await section(
    'alpha',
    'Alpha',
    3,
    60,
    true,
    ` See [Deep 03](${depth('alpha')}beta/deep/page-03.md) and [Gamma 05](${depth('alpha')}gamma/page-05.md).`,
  );
  await section('beta', 'Beta', 4, 40, true);
  await section('beta/deep', 'Deep', 50, 30, true);
  await section('gamma', 'Gamma', 5, 30, false);
  return site;
}

/** A folder of content/docs with its category file, an optional page of its own, and `pages` pages "<label> NN". */
export async function writeDocsSection(
  site: string,
  options: { dir: string; label: string; position: number; pages: number; withIndex: boolean; body?: string },
): Promise<void> {
  const { dir, label, position, pages, withIndex, body = '' } = options;
  // Two digits at least, more for a larger folder: names sort in page order.
  const pad = (n: number) => String(n).padStart(Math.max(2, String(pages).length), '0');
  const folder = path.join(site, 'content/docs', dir);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, '_category_.yml'), `label: ${label}\nposition: ${position}\n`);
  if (withIndex)
    await writeFile(path.join(folder, 'index.md'), `---\ntitle: ${label} overview\n---\n\nAbout ${label}.\n`);
  for (let n = 1; n <= pages; n++)
    await writeFile(
      path.join(folder, `page-${pad(n)}.md`),
      `---\ntitle: ${label} ${pad(n)}\n---\n\nPage ${n} of ${label}.${body}\n`,
    );
}
