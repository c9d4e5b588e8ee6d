import type { HeadData, PageData } from '../model/pageData.ts';
import { siteDataFor } from './siteData.ts';
import { sidebarFor } from './sidebarItems.ts';
import { withBase } from '../model/paths.ts';
import type { Site } from '../site/site.ts';

/** The data of one page's shell: site, assets and head. */
export function pageDataFor(
  site: Pick<Site, 'config' | 'navbarItems' | 'sidebar' | 'assets' | 'alternates' | 'roles'>,
  route: string,
  head: Omit<HeadData, 'canonical' | 'alternates'>,
): PageData {
  return {
    site: siteDataFor(site, sidebarFor(site.sidebar, route, site.config.baseUrl), route),
    assets: site.assets,
    head: {
      ...head,
      canonical: `${site.config.url.replace(/\/$/, '')}${withBase(site.config.baseUrl, route)}`,
      alternates: site.alternates?.[route]?.map((alternate) => ({
        ...alternate,
        href: withBase(site.config.baseUrl, alternate.href),
      })),
    },
    route,
  };
}
