import path from 'node:path';
import { hashOf } from '../cache/renderCache.ts';
import type { RenderSite } from './site.ts';
import { versionsShown } from './siteVersions.ts';
import type { SiteImage } from '../content/readImage.ts';

/**
 * What every page of one site looks up: computed once per `Site` value (not per page, which
 * made a 10,000-page build quadratic), and again only when a change makes a new one.
 */
export interface SiteLookups {
  /** Every route a page may link to and every image it may show: part of the key of each page's rendered Markdown. */
  routesSignature: string;
  /** Everything a page's shell shows besides the page itself: config, the project's components, assets, sidebar, navbar. */
  shellSignature: string;
  routes: Map<string, string>;
  /** The images beside the pages by their path below content/docs. */
  images: Map<string, SiteImage>;
  /** Each route's place in reading order, for previous/next links. */
  positions: Map<string, number>;
}

type LookupSite = Pick<
  RenderSite,
  | 'config'
  | 'components'
  | 'assets'
  | 'sidebar'
  | 'readingOrder'
  | 'navbarItems'
  | 'routesByPath'
  | 'alternates'
  | 'roles'
  | 'images'
  | 'versions'
>;
const lookups = new WeakMap<LookupSite, SiteLookups>();

/** The site's lookups, worked out on the first ask for this `Site` value. */
export function lookupsFor(site: LookupSite): SiteLookups {
  let found = lookups.get(site);
  if (!found) {
    found = {
      // An image's URL holds its content hash: a changed image is a changed signature.
      routesSignature: hashOf(
        site.config.baseUrl,
        ...site.routesByPath.flat(),
        ...site.images.flatMap(({ relativePath, url, width, height }) => [relativePath, url, `${width}x${height}`]),
      ),
      shellSignature: hashOf(
        JSON.stringify([
          site.config,
          // By its name, which is its content's hash: a cache restored elsewhere (CI) still matches.
          site.components === undefined ? null : path.basename(site.components),
          site.assets,
          site.sidebar,
          site.readingOrder,
          site.navbarItems,
          site.alternates ?? {},
          site.roles ?? {},
          versionsShown(site),
        ]),
      ),
      routes: new Map(site.routesByPath),
      images: new Map(site.images.map((image) => [image.relativePath, image])),
      positions: new Map(site.readingOrder.map((entry, index) => [entry.route, index])),
    };
    lookups.set(site, found);
  }
  return found;
}
