import { createRouteMatcher, type RouteMatcher } from './routeMatcher.ts';
import { siteBase } from '../siteBase.ts';

/** The list of the site's pages, written by the build as `{ "routes": [...] }`. */
const routeManifestUrl = `${siteBase}routes.json`;

let matcher: Promise<RouteMatcher> | undefined;

/**
 * The route a path leads to, or undefined when it is not a page. The manifest is fetched once;
 * if that fails the promise rejects, and keeps rejecting for this document: every link is then a
 * plain page load, and the next page tries again.
 */
export function matchRoute(pathname: string): Promise<string | undefined> {
  matcher ??= fetch(routeManifestUrl).then(async (response) => {
    if (!response.ok) throw new Error(`${routeManifestUrl}: ${response.status} ${response.statusText}`);
    const manifest = (await response.json()) as { routes: string[] };
    return createRouteMatcher(manifest.routes);
  });
  return matcher.then((routes) => routes.match(pathname));
}
