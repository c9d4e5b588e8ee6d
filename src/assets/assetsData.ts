import { headSnippet } from '../client/headSnippet.ts';
import { contentSecurityPolicy } from './contentSecurityPolicy.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import type { AssetsData } from '../model/pageData.ts';
import { withBase } from '../model/paths.ts';
import type { BundledAssets } from './bundleAssets.ts';

/** What every page's head loads: the bundled CSS and runtime under the base, the inline colour-mode snippet and the policy allowing it. */
export function assetsDataFor(config: DocsgenConfig, assets: Pick<BundledAssets, 'css' | 'runtime'>): AssetsData {
  const snippet = headSnippet(config.colorMode.defaultMode);
  return {
    css: withBase(config.baseUrl, assets.css),
    runtime: withBase(config.baseUrl, assets.runtime),
    headSnippet: snippet,
    contentSecurityPolicy: contentSecurityPolicy(config, snippet, { forMeta: true }),
    attributionScript: attributionUrl(config),
  };
}

/** The attribution script's URL with its cache-busting `cb` (the config's value or today's date). */
function attributionUrl(config: DocsgenConfig): string | undefined {
  if (!config.attribution) return undefined;
  const url = new URL(config.attribution.path, config.attribution.assetsHost);
  url.searchParams.set('cb', config.attribution.cacheBust ?? new Date().toISOString().slice(0, 10));
  return url.href;
}
