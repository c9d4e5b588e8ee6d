import { headSnippet } from '../client/headSnippet.ts';
import { contentSecurityPolicy } from './contentSecurityPolicy.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import type { AssetsData } from '../model/pageData.ts';
import { withBase } from '../model/paths.ts';
import type { BundledAssets } from './bundleAssets.ts';
import { lookup } from 'mrmime';
import { themeStyleOf } from './themeStyle.ts';

/** The theme's own brand colour, the browser's theme-color when the config sets none. */
const defaultThemeColor = '#1a4aa8';

/**
 * What every page's head loads: the bundled CSS and runtime under the base, the project's own
 * stylesheet and theme settings, the inline colour-mode snippet and the policy allowing it.
 */
export function assetsDataFor(
  config: DocsgenConfig,
  assets: Pick<BundledAssets, 'css' | 'runtime'> & { customCss?: string },
): AssetsData {
  const snippet = headSnippet(config.colorMode.defaultMode);
  const { favicon } = config.theme;
  return {
    css: withBase(config.baseUrl, assets.css),
    ...(assets.customCss ? { customCss: withBase(config.baseUrl, assets.customCss) } : {}),
    themeColor: config.theme.primaryColor ?? defaultThemeColor,
    ...(themeStyleOf(config) ? { themeStyle: themeStyleOf(config) } : {}),
    ...(favicon
      ? { favicon: { href: withBase(config.baseUrl, favicon), type: lookup(favicon) ?? 'image/x-icon' } }
      : {}),
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
