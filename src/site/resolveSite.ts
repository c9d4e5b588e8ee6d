import { bundleAssets, type BundledAssets } from '../assets/bundleAssets.ts';
import { assetsDataFor } from '../assets/assetsData.ts';
import { publishCustomCss } from '../assets/customCss.ts';
import { loadSiteAndProblems, type LoadedSite, type LoadProblems, type LoadWatchers, type Site } from './site.ts';
import { withApiChanges } from './siteApiChanges.ts';
import type { DescriptionCache } from '../openapi/loadOpenApi.ts';

/**
 * The whole `Site`: loaded (config, pages, OpenAPI source, what changed between its versions), with its assets bundled into
 * `assetsDir` (from the cache when unchanged), and what was wrong in the pages left out of it.
 * Build and dev server start here alike. With `loaded`, a site read before is used as it is (the
 * dev server after a theme edit: the content and the code that reads it are unchanged).
 */
export async function resolveSite(
  root: string,
  configFile: string | undefined,
  {
    assetsDir,
    cacheDir,
    loaded: reused,
    later,
    ...watchers
  }: {
    assetsDir: string;
    cacheDir?: string;
    loaded?: LoadedSite & Pick<Site, 'apiChanges'>;
    /** Given: the writes of descriptions parsed anew and the outlines kept for the next plan, to run when the caller chooses (loadOpenApi.ts, referencePages.ts). */
    later?: DescriptionCache['later'];
  } & LoadWatchers,
): Promise<{ site: Site; assets: BundledAssets; problems: LoadProblems }> {
  // Bundled while the site loads: esbuild runs in a process of its own, and the build's thread
  // waited ~1 s for it, idle, after planning GitHub's reference (profile of a cold build).
  const bundling = bundleAssets(assetsDir, cacheDir);
  // Its failure is reported where it is awaited, not as a rejection nobody handled meanwhile.
  bundling.catch(() => undefined);
  let read: LoadedSite & Partial<Pick<Site, 'apiChanges'>>;
  let problems: LoadProblems;
  let loaded: LoadedSite & Pick<Site, 'apiChanges'>;
  try {
    ({ site: read, problems } = reused
      ? { site: reused, problems: { errors: [], unreadable: [] } }
      : await loadSiteAndProblems(root, configFile, cacheDir, later, watchers));
    loaded = reused?.apiChanges ? { ...reused, apiChanges: reused.apiChanges } : await withApiChanges(read, cacheDir);
  } catch (error) {
    // The site's mistake is the one reported; the bundle is let finish first, as it is still
    // writing into the folder the caller removes on an error.
    await bundling.catch(() => undefined);
    throw error;
  }
  const assets = await bundling;
  const customCss = await publishCustomCss(root, loaded.config, assetsDir);
  return {
    site: { ...loaded, assets: assetsDataFor(loaded.config, { ...assets, customCss }), cacheDir },
    assets,
    problems,
  };
}
