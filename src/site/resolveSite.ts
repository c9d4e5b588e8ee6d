import { bundleAssets, type BundledAssets } from '../assets/bundleAssets.ts';
import { assetsDataFor } from '../assets/assetsData.ts';
import { publishCustomCss } from '../assets/customCss.ts';
import { loadSiteAndProblems, type LoadedSite, type LoadProblems, type Site } from './site.ts';
import { withApiChanges } from './siteApiChanges.ts';
import type { DescriptionCache } from '../openapi/loadOpenApi.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';

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
    onDescription,
  }: {
    assetsDir: string;
    cacheDir?: string;
    loaded?: LoadedSite & Pick<Site, 'apiChanges'>;
    /** Given: the writes of descriptions parsed anew and the outlines kept for the next plan, to run when the caller chooses (loadOpenApi.ts, referencePages.ts). */
    later?: DescriptionCache['later'];
    /** Told each API description as soon as it is loaded, before the rest of the site. */
    onDescription?: (api: OpenApiModel) => void;
  },
): Promise<{ site: Site; assets: BundledAssets; problems: LoadProblems }> {
  const { site: read, problems } = reused
    ? { site: reused, problems: { errors: [], unreadable: [] } }
    : await loadSiteAndProblems(root, configFile, cacheDir, later, onDescription);
  const loaded = reused?.apiChanges
    ? { ...reused, apiChanges: reused.apiChanges }
    : await withApiChanges(read, cacheDir);
  const assets = await bundleAssets(assetsDir, cacheDir);
  const customCss = await publishCustomCss(root, loaded.config, assetsDir);
  return {
    site: { ...loaded, assets: assetsDataFor(loaded.config, { ...assets, customCss }), cacheDir },
    assets,
    problems,
  };
}
