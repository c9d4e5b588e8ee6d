import { cleanPath } from './cleanPath.ts';

/** Most answers a route matcher remembers (spec §9: a route-matching cache of up to 10000 entries). */
export const routeCacheLimit = 10_000;

/** Finds the page a URL path leads to, from the route manifest. */
export interface RouteMatcher {
  /** The page route a URL path leads to (`/docs/faq.html` and `/docs/faq` lead to `/docs/faq/`), or undefined. */
  match(pathname: string): string | undefined;
  readonly cacheSize: number;
}

/** Matches URL paths against the site's routes (answering in the manifest's form), remembering each answer; when full, the oldest answer is dropped. */
export function createRouteMatcher(routes: readonly string[], cacheLimit = routeCacheLimit): RouteMatcher {
  // The manifest's routes are escaped as links are (`/docs/caf%C3%A9/`): both sides are compared decoded.
  const known = new Map(routes.map((route) => [decodePath(route), route]));
  const cache = new Map<string, string | null>();
  const resolve = (pathname: string): string | null => {
    const path = cleanPath(decodePath(pathname));
    return known.get(path.endsWith('/') ? path : `${path}/`) ?? null;
  };
  return {
    match(pathname) {
      let route = cache.get(pathname);
      if (route === undefined) {
        route = resolve(pathname);
        if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
        cache.set(pathname, route);
      }
      return route ?? undefined;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}

function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
