import type { Site } from '../site/site.ts';
import type { AnyPageSource } from './pageSource.ts';
import { pageSources } from './registry.ts';

/** A route of the site, its listing settled, with the source that renders it. */
export interface SiteRoute {
  route: string;
  page: boolean;
  listed: boolean;
  sitemap: boolean;
  notFound: boolean;
  alternateOf?: { route: string; type: string };
  source: AnyPageSource;
}

/** Every route of the site, from every source, in registry order. */
export function siteRoutes(site: Site, sources: AnyPageSource[] = pageSources): SiteRoute[] {
  return sources.flatMap((source) =>
    source.routes(site).map(({ route, page, listed = page, sitemap = listed, notFound = false, alternateOf }) => ({ route, page, listed, sitemap, notFound, alternateOf, source })),
  );
}

/** Where a rendered route is written below the output folder. */
export function routeFile(route: string, file?: string): string {
  return file ?? (route.endsWith('/') ? `${route.slice(1)}index.html` : route.slice(1));
}

/** The site with each page's alternates (other forms of it, such as its Markdown twin) taken from the route list. */
export function withAlternates(site: Site, routes: SiteRoute[]): Site {
  const alternates: Record<string, { type: string; href: string }[]> = {};
  for (const { route, alternateOf } of routes) if (alternateOf) (alternates[alternateOf.route] ??= []).push({ type: alternateOf.type, href: route });
  return { ...site, alternates };
}
