import { hashOf } from '../cache/renderCache.ts';
import type { Site } from './site.ts';

/**
 * What every page of one site looks up: computed once per `Site` value (not per page, which
 * made a 10,000-page build quadratic), and again only when a change makes a new one.
 */
export interface SiteLookups {
  /** Every route a page may link to: part of the key of each page's rendered Markdown. */
  routesSignature: string;
  /** Everything a page's shell shows besides the page itself: config, assets, sidebar, navbar. */
  shellSignature: string;
  routes: Map<string, string>;
  /** Each route's place in reading order, for previous/next links. */
  positions: Map<string, number>;
}

type LookupSite = Pick<Site, 'config' | 'assets' | 'sidebar' | 'readingOrder' | 'navbarItems' | 'routesByPath' | 'alternates' | 'roles'>;
const lookups = new WeakMap<LookupSite, SiteLookups>();

export function lookupsFor(site: LookupSite): SiteLookups {
  let found = lookups.get(site);
  if (!found) {
    found = {
      routesSignature: hashOf(site.config.baseUrl, ...site.routesByPath.flat()),
      shellSignature: hashOf(JSON.stringify([site.config, site.assets, site.sidebar, site.readingOrder, site.navbarItems, site.alternates ?? {}, site.roles ?? {}])),
      routes: new Map(site.routesByPath),
      positions: new Map(site.readingOrder.map((entry, index) => [entry.route, index])),
    };
    lookups.set(site, found);
  }
  return found;
}
