import { withBase } from '../model/paths.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import type { SourceLocation } from '../errors.ts';
import type { Site } from '../site/site.ts';
import type { PageSource } from './pageSource.ts';

/** A redirect of the config: the old path's route, where it leads, and where the config says so. */
interface Redirect {
  route: string;
  from: string;
  to: string;
  at: SourceLocation;
}

/** The route an old path is served at: the page route it names (`/docs/old` → `/docs/old/`). */
const routeOf = (from: string) => (from.endsWith('/') ? from : `${from}/`);

/** The config's redirects, each at its line of the config (where a broken one is reported). */
function redirectsOf(site: Pick<Site, 'config' | 'configFile' | 'configSource'>): Redirect[] {
  return Object.entries(site.config.redirects).map(([from, to]) => ({
    route: routeOf(from),
    from,
    to,
    at: { file: site.configFile, ...locateConfigPath(site.configSource, ['redirects', from]) },
  }));
}

/**
 * The config's `redirects`: a page at each old path that sends readers on to the new one. Not a
 * page readers are sent to (out of routes.json, the sitemap, search and llms.txt); its target is
 * a link of the config, checked with every other link where the config names it.
 */
export const redirectSource: PageSource<Redirect[]> = {
  name: 'redirects',
  routes: (site) =>
    redirectsOf(site).map(({ route, at }) => ({ route, page: true, listed: false, redirect: true, declaredAt: at })),
  // A change to the config loads the whole site again.
  watchedPaths: () => [],
  watches: () => false,
  inputs: (site, routes) => redirectsOf(site).filter(({ route }) => routes.includes(route)),
  estimate: (site) => Object.keys(site.config.redirects).length,
  async render(site, _state, _routes, redirects, emit) {
    const [{ renderPage }, { RedirectPage }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../../templates/RedirectPage.tsx'),
    ]);
    const { url, baseUrl, title } = site.config;
    for (const { route, from, to, at } of redirects) {
      const href = withBase(baseUrl, to);
      const canonical = `${url.replace(/\/$/, '')}${href}`;
      const content = renderPage(RedirectPage, { from, href, canonical, siteTitle: title }, { route });
      const link = { file: at.file, line: at.line ?? 0, column: at.column ?? 0, href: to };
      await emit({ route, content, output: { route, ids: [], links: [link] } });
    }
  },
};
