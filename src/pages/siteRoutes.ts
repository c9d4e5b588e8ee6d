import { readFileSync } from 'node:fs';
import { DocsgenError, formatLocation, lineOf, type SourceLocation } from '../errors.ts';
import type { Site } from '../site/site.ts';
import type { ListedRoute } from '../model/routes.ts';
import type { AnyPageSource } from './pageSource.ts';
import { pageSources } from './registry.ts';

/** A route of the site, its listing settled, with the source that renders it. */
export interface SiteRoute extends ListedRoute {
  alternateOf?: { route: string; type: string };
  declaredAt?: SourceLocation;
  source: AnyPageSource;
}

/** Every route of the site, from every source, in registry order. */
export function siteRoutes(site: Site, sources: AnyPageSource[] = pageSources): SiteRoute[] {
  return sources.flatMap((source) =>
    source
      .routes(site)
      .map(({ route, page, listed = page, sitemap = listed, role, alternateOf, redirect, declaredAt }) => ({
        route,
        page,
        listed,
        sitemap,
        role,
        alternateOf,
        redirect,
        declaredAt,
        source,
      })),
  );
}

/**
 * A route two sources claim (a redirect's old path where a page is): one would overwrite the
 * other in the output folder. Reported where the later one is asked for (a config line), naming the first.
 */
export function routeClashes(routes: SiteRoute[], root: string): DocsgenError[] {
  const first = new Map<string, SiteRoute>();
  const clashes: DocsgenError[] = [];
  for (const route of routes) {
    const earlier = first.get(route.route);
    if (!earlier) {
      first.set(route.route, route);
      continue;
    }
    const where = earlier.declaredAt ? ` (${formatLocation(earlier.declaredAt, root)})` : '';
    const at = route.declaredAt ?? earlier.declaredAt;
    clashes.push(
      new DocsgenError(
        `${route.route} is claimed by ${route.source.name} and already by ${earlier.source.name}${where}; one would overwrite the other`,
        at,
        at?.line ? excerptAt(at) : undefined,
      ),
    );
  }
  return clashes;
}

/** The line a location names, read from its file. */
function excerptAt({ file, line }: SourceLocation): string | undefined {
  try {
    return lineOf(readFileSync(file, 'utf8'), line!);
  } catch {
    return undefined;
  }
}

/** Where a rendered route is written below the output folder. */
export function routeFile(route: string, file?: string): string {
  return file ?? (route.endsWith('/') ? `${route.slice(1)}index.html` : route.slice(1));
}

/**
 * The site with what its pages learn from the route list: each page's alternates (other forms of
 * it, such as its Markdown twin) and the route of each role.
 */
export function withRoutes(site: Site, routes: SiteRoute[]): Site {
  const alternates: Record<string, { type: string; href: string }[]> = {};
  const roles: Site['roles'] = {};
  for (const { route, alternateOf, role } of routes) {
    if (alternateOf) (alternates[alternateOf.route] ??= []).push({ type: alternateOf.type, href: route });
    if (role) roles[role] ??= route;
  }
  return { ...site, alternates, roles };
}

/** The routes as plain data (what a render thread is sent): how each is listed, not who renders it. */
export function listedRoutes(routes: SiteRoute[]): ListedRoute[] {
  return routes.map(({ route, page, listed, sitemap, role, redirect }) => ({
    route,
    page,
    listed,
    sitemap,
    role,
    redirect,
  }));
}

/** Every path the page sources ask crawlers to keep out of, in registry order. */
export function robotsDisallow(sources: AnyPageSource[] = pageSources): string[] {
  return sources.flatMap((source) => source.robotsDisallow ?? []);
}

/** Every project path the page sources read, for the dev server to watch. */
export function watchedPaths(project: Pick<Site, 'root' | 'config'>, sources: AnyPageSource[] = pageSources): string[] {
  return [...new Set(sources.flatMap((source) => source.watchedPaths(project)))];
}
