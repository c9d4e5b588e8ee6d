import { bundleAssets, type BundledAssets } from '../assets/bundleAssets.ts';
import { assetsDataFor } from '../assets/assetsData.ts';
import { publishCustomCss } from '../assets/customCss.ts';
import { loadSiteAndProblems, type LoadProblems, type Site } from './site.ts';
import { withApiChanges } from './siteApiChanges.ts';

/**
 * The whole `Site`: loaded (config, pages, OpenAPI source, what changed between its versions), with its assets bundled into
 * `assetsDir` (from the cache when unchanged), and what was wrong in the pages left out of it.
 * Build and dev server start here alike.
 */
export async function resolveSite(
  root: string,
  configFile: string | undefined,
  { assetsDir, cacheDir }: { assetsDir: string; cacheDir?: string },
): Promise<{ site: Site; assets: BundledAssets; problems: LoadProblems }> {
  const { site: read, problems } = await loadSiteAndProblems(root, configFile, cacheDir);
  const loaded = await withApiChanges(read, cacheDir);
  const assets = await bundleAssets(assetsDir, cacheDir);
  const customCss = await publishCustomCss(root, loaded.config, assetsDir);
  return {
    site: { ...loaded, assets: assetsDataFor(loaded.config, { ...assets, customCss }), cacheDir },
    assets,
    problems,
  };
}
