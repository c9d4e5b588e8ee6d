import { withBase } from '../model/paths.ts';
import { hashOf } from '../cache/renderCache.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { RenderSite } from '../site/site.ts';
import { renderedRouteCodec, type PageSource, type RenderedRoute } from './pageSource.ts';

const route = '/404/';

const pageCache = (caches: CacheSet) => caches.cache<RenderedRoute>('not-found', 1, renderedRouteCodec);
/** The page follows from the shell alone (its first docs page is in the reading order). */
const pageKey = (site: RenderSite) => hashOf('not-found', lookupsFor(site).shellSignature);

/** What the server sends for an unknown path: never linked to, written where static hosts look for it (404.html). */
export const notFoundSource: PageSource = {
  name: 'not-found',
  routes: () => [{ route, page: true, listed: false, role: 'notFound' }],
  watchedPaths: () => [],
  watches: () => false,
  estimate: (site, caches) => (pageCache(caches).has(pageKey(site)) ? 1 : 20),
  async render(site, state, _routes, _inputs, emit) {
    const page = await pageCache(state).getOrCompute(pageKey(site), async () => {
      const { baseUrl } = site.config;
      const data = pageDataFor(site, route, {
        title: 'Page Not Found',
        description: 'The page you were looking for does not exist.',
        ogType: 'website',
        noindex: true,
      });
      const [{ renderPage }, { projectComponents }, { NotFoundPage }] = await Promise.all([
        import('../render/renderPage.ts'),
        import('../components/projectComponents.ts'),
        import('../../templates/NotFoundPage.tsx'),
      ]);
      const docsHref = withBase(baseUrl, site.readingOrder[0]?.route ?? '/');
      const apiHref = site.roles?.reference && withBase(baseUrl, site.roles.reference);
      return {
        route,
        file: '404.html',
        content: renderPage(
          NotFoundPage,
          { page: data, docsHref, apiHref },
          { route },
          { components: await projectComponents(site) },
        ),
      };
    });
    await emit(page);
  },
};
