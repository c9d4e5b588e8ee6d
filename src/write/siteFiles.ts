import { contentSecurityPolicy } from '../assets/contentSecurityPolicy.ts';
import { headersFile } from './headersFile.ts';
import { sitemapXml } from './sitemapXml.ts';
import { robotsTxt } from './robotsTxt.ts';
import { routeManifest } from './routeManifest.ts';
import type { Site } from '../site/site.ts';
import { withBase } from '../model/paths.ts';
import { robotsDisallow, type SiteRoute } from '../pages/siteRoutes.ts';

/**
 * The files that follow from the site's route list, by path: sitemap.xml, robots.txt, the
 * client router's routes.json, the static host's `_headers`, and `.nojekyll` (GitHub Pages'
 * Jekyll step would drop folders starting with `_`, the sidebar lists). The build writes them;
 * the dev server serves them.
 */
export function siteFiles(site: Site, routes: SiteRoute[]): Map<string, string> {
  const { config } = site;
  // Served paths: under the site's base.
  const sorted = routes.map(({ route }) => route).sort();
  const served = (list: string[]) => list.map((route) => withBase(config.baseUrl, route));
  const listed = new Set(routes.filter((route) => route.page && route.listed).map(({ route }) => route));
  const inSitemap = new Set(routes.filter((route) => route.page && route.sitemap).map(({ route }) => route));
  return new Map([
    ['/sitemap.xml', sitemapXml(config.url, served(sorted.filter((route) => inSitemap.has(route))))],
    ['/robots.txt', robotsTxt(config.url, config.baseUrl, robotsDisallow())],
    ['/.nojekyll', ''],
    ['/_headers', headersFile(contentSecurityPolicy(config, site.assets.headSnippet, { forMeta: false }))],
    ['/routes.json', routeManifest(served(sorted.filter((route) => listed.has(route))))],
  ]);
}
