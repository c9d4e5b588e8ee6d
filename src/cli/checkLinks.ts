import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../build/build.ts';
import { checkLinks, formatBrokenLink, type BrokenLink, type LinkSource } from '../links/checkLinks.ts';
import { externalLinksInHtml, linksInHtml } from '../links/generatedLinks.ts';
import { checkExternalLinks } from '../links/checkExternalLinks.ts';
import { idsIn } from '../model/pageOutput.ts';
import { DocsgenError } from '../errors.ts';
import { withBase } from '../model/paths.ts';
import { exitCodes } from './exitCodes.ts';

export interface CheckLinksOptions {
  root: string;
  configFile: string;
  json: boolean;
  external: boolean;
}

/**
 * Builds the site into a scratch folder and checks every internal link and anchor: those
 * written in the content (with their file:line:col), then those in the generated pages
 * (navbar, sidebar, footer, home, API reference), each broken link reported once.
 */
export async function runCheckLinks(options: CheckLinksOptions): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-check-'));
  try {
    const result = await build({ root: options.root, configFile: options.configFile, outDir, onBrokenLinks: 'ignore', log: (line) => console.error(line) }).catch((error: unknown) => {
      if (error instanceof DocsgenError) console.error(`error: ${error.format()}`);
      throw error;
    });
    // The generated pages link to paths as served, under the site's base.
    const served = (sitePath: string) => withBase(result.baseUrl, sitePath);
    const built = new Map([...(await builtPages(outDir))].map(([route, html]) => [served(route), html]));
    const pages = new Map([...built].map(([route, html]) => [route, new Set(idsIn(html))]));
    const files = new Set((await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && !entry.name.endsWith('.html')).map((entry) => served(`/${path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)));
    const fromContent = new Set(result.brokenLinks.map((link) => link.href));
    const generatedLinks: LinkSource[] = [];
    const external: string[] = [];
    for (const [route, html] of built) {
      generatedLinks.push(...linksInHtml(html, `${route} (generated page)`, route));
      external.push(...externalLinksInHtml(html));
    }
    const generated = uniqueByHref(checkLinks(generatedLinks, pages, files).filter((link) => !fromContent.has(link.href)));
    const broken: (BrokenLink | { file: string; href: string; reason: string; line: 0; column: 0; status: number | string })[] = [...result.brokenLinks, ...generated];
    if (options.external) {
      for (const failure of (await checkExternalLinks(external)).filter((entry) => !entry.ok)) {
        broken.push({ file: 'external', href: failure.url, reason: `external link answered ${failure.status}`, line: 0, column: 0, status: failure.status });
      }
    }
    if (options.json) console.log(JSON.stringify({ broken, checkedPages: built.size }, null, 2));
    else {
      for (const link of broken) console.log('status' in link ? `${link.href}: ${link.reason}` : formatBrokenLink(link));
      console.log(broken.length === 0 ? `No broken links in ${built.size} pages.` : `${broken.length} broken link${broken.length === 1 ? '' : 's'} in ${built.size} pages.`);
    }
    return broken.length === 0 ? exitCodes.ok : exitCodes.contentError;
  } catch (error) {
    if (error instanceof DocsgenError) return exitCodes.contentError;
    throw error;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Every built page's HTML by route (the not-found page included, under `/404/`). */
async function builtPages(outDir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(outDir, file).split(path.sep).join('/');
    const route = relative === '404.html' ? '/404/' : `/${relative.replace(/index\.html$/, '')}`;
    pages.set(route, await readFile(file, 'utf8'));
  }
  return pages;
}

/** The same broken target linked from every page (a sidebar entry) is reported once. */
function uniqueByHref(links: BrokenLink[]): BrokenLink[] {
  const seen = new Set<string>();
  return links.filter((link) => !seen.has(link.href) && seen.add(link.href));
}
