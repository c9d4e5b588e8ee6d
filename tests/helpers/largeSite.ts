import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixtureSite } from './fixtureSite.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The fixture site grown past the lazy-sidebar threshold (169 links): `alpha/` (a page and 60
 * pages), `beta/` (a page, 40 pages and `beta/deep/` with a page and 30), `gamma/` (30 pages, no
 * page of its own). Every alpha page links to Deep 03 and Gamma 05.
 */
export async function writeLargeSite(): Promise<string> {
  const site = await copyFixtureSite();
  const docs = path.join(site, 'content/docs');
  const section = async (
    dir: string,
    label: string,
    position: number,
    pages: number,
    withIndex: boolean,
    body = '',
  ) => {
    await mkdir(path.join(docs, dir), { recursive: true });
    await writeFile(path.join(docs, dir, '_category_.yml'), `label: ${label}\nposition: ${position}\n`);
    if (withIndex)
      await writeFile(path.join(docs, dir, 'index.md'), `---\ntitle: ${label} overview\n---\n\nAbout ${label}.\n`);
    for (let n = 1; n <= pages; n++) {
      await writeFile(
        path.join(docs, dir, `page-${pad(n)}.md`),
        `---\ntitle: ${label} ${pad(n)}\n---\n\nPage ${n} of ${label}.${body}\n`,
      );
    }
  };
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
