import { descriptionSources, type Site } from '../site/site.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import type { ListedRoute } from '../model/routes.ts';
import { writeSearchIndex } from '../search/writeSearchIndex.ts';
import type { SearchIndexWriter } from '../search/searchIndexThread.ts';
import { largestFileEverywhere } from '../write/hostLimits.ts';
import { checkSiteLinks } from '../links/checkSiteLinks.ts';
import type { BrokenLink } from '../links/checkLinks.ts';

/**
 * What follows from every page once all are rendered, the same for the build and the dev server:
 * the search index, written into `dir` (by the build, and kept in `indexCacheDir` when given; by
 * the dev server's `indexWriter`, in a thread of its own), and the site's broken links, returned
 * for the caller's policy (fail, warn).
 */
export async function finishSite(
  site: Site,
  routes: ListedRoute[],
  outputs: PageOutput[],
  dir: string,
  { indexCacheDir, indexWriter }: { indexCacheDir?: string; indexWriter?: SearchIndexWriter } = {},
): Promise<BrokenLink[]> {
  const indexFileBytes = largestFileEverywhere(site.config.deploy);
  if (indexWriter) await indexWriter.write(outputs, dir, site.config, indexFileBytes);
  else await writeSearchIndex(outputs, dir, site.config, { cacheDir: indexCacheDir, indexFileBytes });
  return checkSiteLinks(routes, outputs, descriptionSources(site), site.cacheDir);
}
