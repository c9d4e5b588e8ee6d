import { hashOf } from '../cache/renderCache.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import type { RenderSite } from '../site/site.ts';
import { type PageSource, type SourceRoute } from './pageSource.ts';
import { renderedRouteCodec, type RenderedRoute } from '../write/renderedRoute.ts';

/** What makes a page of one route that follows from the site's shell alone (the search page, the not-found page). */
export interface ShellPage {
  name: string;
  route: SourceRoute;
  robotsDisallow?: string[];
  render(site: RenderSite): Promise<RenderedRoute>;
}

/**
 * The source of a page that follows from the shell alone: rendered once, then taken from the render cache while
 * the shell is unchanged; it watches no file of its own.
 */
export function shellPageSource({ name, route, robotsDisallow, render }: ShellPage): PageSource {
  const pageCache = (caches: CacheSet) => caches.cache<RenderedRoute>(name, 1, renderedRouteCodec);
  const pageKey = (site: RenderSite) => hashOf(name, lookupsFor(site).shellSignature);
  return {
    name,
    routes: () => [route],
    watchedPaths: () => [],
    watches: () => false,
    ...(robotsDisallow && { robotsDisallow }),
    estimate: (site, caches) => (pageCache(caches).has(pageKey(site)) ? 1 : 20),
    async render(site, state, _routes, _inputs, emit) {
      await emit(await pageCache(state).getOrCompute(pageKey(site), () => render(site)));
    },
  };
}
