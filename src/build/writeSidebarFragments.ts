import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderSidebarFragment } from '../render/renderPage.tsx';
import { lazyCategories, sidebarFragmentItems, sidebarFragmentRoute } from './siteData.ts';
import type { SiteContext } from './siteContext.ts';

/**
 * Writes the list of every lazy sidebar category as `_sidebar/<folder>/index.html`, which the
 * browser loads when a reader opens the category (pages of a large site leave those lists out).
 */
export async function writeSidebarFragments(context: SiteContext, outDir: string): Promise<void> {
  for (const category of lazyCategories(context.sidebar)) {
    const file = path.join(outDir, sidebarFragmentRoute(category), 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, renderSidebarFragment(sidebarFragmentItems(category)));
  }
}
