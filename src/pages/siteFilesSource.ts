import { contentSecurityPolicy } from '../assets/contentSecurityPolicy.ts';
import { headersFile } from '../write/headersFile.ts';
import { sitemapXml } from '../write/sitemapXml.ts';
import { robotsTxt } from '../write/robotsTxt.ts';
import { routeManifest } from '../write/routeManifest.ts';
import type { RenderSite } from '../site/site.ts';
import type { ListedRoute } from '../model/routes.ts';
import { withBase } from '../model/paths.ts';
import { listedRoutes, robotsDisallow, siteRoutes } from './siteRoutes.ts';
import type { PageSource } from './pageSource.ts';

/** Each file by its route, from the site and its route list. */
const files: Record<string, (site: RenderSite, routes: ListedRoute[]) => string> = {
  '/sitemap.xml': (site, routes) =>
    sitemapXml(
      site.config.url,
      served(
        site,
        routes.filter((route) => route.page && route.sitemap),
      ),
    ),
  '/robots.txt': (site) => robotsTxt(site.config.url, site.config.baseUrl, robotsDisallow()),
  // GitHub Pages' Jekyll step would drop folders starting with `_`, the sidebar lists.
  '/.nojekyll': () => '',
  '/_headers': (site) => headersFile(contentSecurityPolicy(site.config, site.assets.headSnippet, { forMeta: false })),
  '/routes.json': (site, routes) =>
    routeManifest(
      served(
        site,
        routes.filter((route) => route.page && route.listed),
      ),
    ),
};

/** Routes as served (under the site's base), in order. */
const served = (site: RenderSite, routes: ListedRoute[]) =>
  routes
    .map(({ route }) => route)
    .sort()
    .map((route) => withBase(site.config.baseUrl, route));

/**
 * The files that follow from the site's route list: sitemap.xml, robots.txt, the client router's
 * routes.json, the static host's `_headers`, and `.nojekyll`. Rendered like any other route, so
 * the build writes them and the dev server serves them alike; the route list travels with the
 * job (a render thread's site has no docs to list).
 */
export const siteFilesSource: PageSource<ListedRoute[]> = {
  name: 'site-files',
  routes: () => Object.keys(files).map((route) => ({ route, page: false })),
  watchedPaths: () => [],
  // They follow from the route list, which only a change that redraws every page alters.
  watches: () => false,
  inputs: (site) => listedRoutes(siteRoutes(site)),
  estimate: () => 1,
  async render(site, _state, routes, listed, emit) {
    for (const route of routes) await emit({ route, content: files[route](site, listed) });
  },
};
