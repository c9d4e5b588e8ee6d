import type { HeadData, PageData } from '../model/pageData.ts';
import { siteDataFor } from './siteData.ts';
import { sidebarFor, sidebarSectionsFor } from './sidebarItems.ts';
import { sidebarFolderOf } from '../site/sidebarIndex.ts';
import { withBase } from '../model/paths.ts';
import type { RenderSite } from '../site/site.ts';
import { versionLinks, versionOfRoute, versionSearchTag } from '../site/siteVersions.ts';

/** The data of one page's shell: site, assets and head. */
export function pageDataFor(
  site: Pick<
    RenderSite,
    'config' | 'navbarItems' | 'sidebar' | 'assets' | 'alternates' | 'roles' | 'version' | 'versions'
  >,
  route: string,
  head: Omit<HeadData, 'canonical' | 'alternates'>,
): PageData {
  // A page of an older version points readers, and search engines (canonical), at the latest.
  const own = versionOfRoute(site, route);
  const latest = own && own.name !== site.versions[0].name ? versionLinks(site, route)[0] : undefined;
  const canonical = latest?.samePage ? latest.href : route;
  return {
    site: siteDataFor(
      site,
      sidebarFor(site.sidebar, route, site.config.baseUrl, sidebarFolderOf(site)),
      route,
      sidebarSectionsFor(site.sidebar, site.config.baseUrl, sidebarFolderOf(site)),
    ),
    assets: site.assets,
    head: {
      ...head,
      searchTag: own && versionSearchTag(own),
      canonical: `${site.config.url.replace(/\/$/, '')}${withBase(site.config.baseUrl, canonical)}`,
      alternates: site.alternates?.[route]?.map((alternate) => ({
        ...alternate,
        href: withBase(site.config.baseUrl, alternate.href),
      })),
    },
    route,
    versionBanner: latest && {
      label: own!.label,
      latestLabel: latest.label,
      href: withBase(site.config.baseUrl, latest.href),
      samePage: latest.samePage,
    },
  };
}
