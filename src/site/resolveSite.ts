import { bundleAssets, type BundledAssets } from '../assets/bundleAssets.ts';
import { assetsDataFor } from '../assets/assetsData.ts';
import { loadSite, type LoadProblems, type Site } from './site.ts';

/**
 * The whole `Site`: loaded (config, pages, OpenAPI source), with its assets bundled into
 * `assetsDir` (from the cache when unchanged), and what was wrong in the pages left out of it.
 * Build and dev server start here alike.
 */
export async function resolveSite(
  root: string,
  configFile: string | undefined,
  { assetsDir, cacheDir }: { assetsDir: string; cacheDir?: string },
): Promise<{ site: Site; assets: BundledAssets; problems: LoadProblems }> {
  const { site: loaded, problems } = await loadSite(root, configFile);
  const assets = await bundleAssets(assetsDir, cacheDir);
  return { site: { ...loaded, assets: assetsDataFor(loaded.config, assets), cacheDir }, assets, problems };
}
