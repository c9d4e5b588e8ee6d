import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LinkSource } from './checkLinks.ts';
import type { SearchRecord } from '../search/searchRecord.ts';

/** What the build keeps of a written page: enough to check links, index it and list it. */
export interface PageOutput {
  route: string;
  /** Every id on the page, for anchor checks. */
  ids: string[];
  links: LinkSource[];
  /** The page's search records, taken where it was rendered (its HTML is not kept). */
  records?: SearchRecord[];
}

/** Writes a page's HTML as `ROUTE/index.html` (the not-found page as `404.html`). */
export async function writePageFile(outDir: string, route: string, html: string): Promise<void> {
  const file = route === '/404/' ? path.join(outDir, '404.html') : path.join(outDir, route, 'index.html');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
}

export function idsIn(html: string): string[] {
  const ids: string[] = [];
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) ids.push(match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  return ids;
}
