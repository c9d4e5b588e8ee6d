import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';

/** A built page as search indexing sees it. */
export interface SearchPageInput {
  route: string;
  /** The page's final HTML. */
  html: string;
  /** Top-level group a reader recognises: the sidebar category, 'API reference', … */
  lvl0: string;
  kind: 'doc' | 'home' | 'api';
}

/** Writes the search records of every page into `outDir/search/`. */
export async function writeSearchIndex(pages: SearchPageInput[], outDir: string, config: DocsgenConfig): Promise<void> {
  const records = pages.map((page) => ({
    objectID: page.route,
    url: page.route,
    type: 'lvl1',
    hierarchy: { lvl0: page.lvl0, lvl1: /<title>([^<|]*)/.exec(page.html)?.[1]?.trim() ?? page.route },
    content: null,
    lang: 'en',
    docusaurus_tag: `docs-default-${config.docs.versionLabel}`,
  }));
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  await writeFile(path.join(outDir, 'search', 'records.json'), JSON.stringify(records));
}
