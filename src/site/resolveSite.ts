import { bundleAssets, type BundledAssets } from '../assets/bundleAssets.ts';
import { assetsDataFor } from '../assets/assetsData.ts';
import { publishCustomCss } from '../assets/customCss.ts';
import { loadSite, type Site } from './site.ts';
import { withApiChanges } from './siteApiChanges.ts';

/**
 * The whole `Site`: loaded (config, pages, OpenAPI source, what changed between its versions), with its assets bundled into
 * `assetsDir` (from the cache when unchanged). Build and dev server start here alike.
 */
export async function resolveSite(
  root: string,
  configFile: string | undefined,
  { assetsDir, cacheDir }: { assetsDir: string; cacheDir?: string },
): Promise<{ site: Site; assets: BundledAssets }> {
  const loaded = await withApiChanges(await loadSite(root, configFile));
  const assets = await bundleAssets(assetsDir, cacheDir);
  const customCss = await publishCustomCss(root, loaded.config, assetsDir);
  return { site: { ...loaded, assets: assetsDataFor(loaded.config, { ...assets, customCss }), cacheDir }, assets };
}
