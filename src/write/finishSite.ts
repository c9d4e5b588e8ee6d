import type { Site } from '../site/site.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import type { ListedRoute } from '../model/routes.ts';
import { writeSearchIndex } from '../search/writeSearchIndex.ts';
import { largestFileEverywhere } from './hostLimits.ts';
import { checkSiteLinks } from '../links/checkSiteLinks.ts';
import type { BrokenLink } from '../links/checkLinks.ts';

/**
 * What follows from every page once all are rendered, the same for the build and the dev server:
 * the search index, written into `dir` (and kept in `indexCacheDir` when given), and the site's
 * broken links, returned for the caller's policy (fail, warn).
 */
export async function finishSite(
  site: Site,
  routes: ListedRoute[],
  outputs: PageOutput[],
  dir: string,
  indexCacheDir?: string,
): Promise<BrokenLink[]> {
  await writeSearchIndex(outputs, dir, site.config, {
    cacheDir: indexCacheDir,
    indexFileBytes: largestFileEverywhere(site.config.deploy),
  });
  return checkSiteLinks(routes, outputs);
}
