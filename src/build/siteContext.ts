import type { DocsgenConfig } from '../config/schema.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import type { AssetsData, HeadData, NavbarItemData, PageData } from '../model/pageData.ts';
import { sidebarFor, siteDataFor } from './siteData.ts';

/** What every page render needs to know about the site; plain data, sent once to each worker. */
export interface SiteContext {
  root: string;
  /** Folder the build writes into (swapped in as the output folder at the end). */
  stagingDir: string;
  config: DocsgenConfig;
  /** Route of every docs page by its path below content/docs. */
  routesByPath: [string, string][];
  sidebar: SidebarNode[];
  readingOrder: { label: string; route: string }[];
  navbarItems: NavbarItemData[];
  assets: AssetsData;
  /** Folder of the rendering cache kept between builds (absent: no cache on disk). */
  cacheDir?: string;
}

/** The data of one page's shell: site, assets and head. */
export function pageDataFor(context: SiteContext, route: string, head: Omit<HeadData, 'canonical'>): PageData {
  return {
    site: siteDataFor(context.config, context.navbarItems, sidebarFor(context.sidebar, route), route),
    assets: context.assets,
    head: { ...head, canonical: `${context.config.url.replace(/\/$/, '')}${route}` },
    route,
  };
}
