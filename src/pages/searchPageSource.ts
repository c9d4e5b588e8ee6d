import { withBase } from '../model/paths.ts';
import { idsIn } from '../model/pageOutput.ts';
import { hashOf } from '../cache/renderCache.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { RenderSite } from '../site/site.ts';
import { renderedRouteCodec, type PageSource, type RenderedRoute } from './pageSource.ts';

const route = '/search/';

const pageCache = (caches: CacheSet) => caches.cache<RenderedRoute>('search-page', 1, renderedRouteCodec);
/** The page follows from the shell alone. */
const pageKey = (site: RenderSite) => hashOf('search-page', lookupsFor(site).shellSignature);

/**
 * The search page, where the navbar's search box and the modal's "see all results" lead:
 * rendered empty, filled in the browser. A results page for one query is reachable, but not a
 * page for search engines: out of the sitemap, and robots.txt keeps crawlers out.
 */
export const searchPageSource: PageSource = {
  name: 'search-page',
  routes: () => [{ route, page: true, sitemap: false, role: 'search' }],
  watchedPaths: () => [],
  watches: () => false,
  robotsDisallow: [route],
  estimate: (site, caches) => (pageCache(caches).has(pageKey(site)) ? 1 : 20),
  async render(site, state, _routes, _inputs, emit) {
    const page = await pageCache(state).getOrCompute(pageKey(site), async () => {
      const data = pageDataFor(site, route, {
        title: 'Search',
        description: `Search the ${site.config.product.name} developer documentation.`,
        ogType: 'website',
        noindex: true,
      });
      const [{ renderPage }, { projectComponents }, { SearchPage }] = await Promise.all([
        import('../render/renderPage.ts'),
        import('../components/projectComponents.ts'),
        import('../../templates/SearchPage.tsx'),
      ]);
      const html = renderPage(
        SearchPage,
        { page: data, searchPath: withBase(site.config.baseUrl, route) },
        { route },
        { components: await projectComponents(site) },
      );
      return { route, content: html, output: { route, ids: idsIn(html), links: [] } };
    });
    await emit(page);
  },
};
