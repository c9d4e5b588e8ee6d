import type { DocsgenConfig } from '../config/schema.ts';
import type { NavbarItemData, SidebarItem, SiteData } from '../model/pageData.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { flattenSidebar } from '../content/buildSidebar.ts';
import { DocsgenError } from '../errors.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import { withBase } from '../model/paths.ts';

const isExternal = (href: string) => /^(https?:)?\/\//.test(href);

/** Resolves navbar items to what the theme renders; an item that cannot be rendered names itself. */
export function resolveNavbarItems(config: DocsgenConfig, sidebar: SidebarNode[], configFile: string, configSource: string): NavbarItemData[] {
  return config.navbar.items.map((item, index): NavbarItemData => {
    const where = () => ({ file: configFile, ...locateConfigPath(configSource, ['navbar', 'items', index]) });
    switch (item.type) {
      case 'docSidebar': {
        const scoped = item.sidebarId ? findCategory(sidebar, item.sidebarId)?.items : sidebar;
        const first = scoped ? flattenSidebar(scoped)[0] : undefined;
        if (!first) {
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: docs sidebar "${item.sidebarId || 'docs'}" has no page to link to`,
            where(),
          );
        }
        return { kind: 'link', label: item.label, href: first.route, external: false, active: false };
      }
      case 'docsVersionDropdown': {
        const first = flattenSidebar(sidebar)[0];
        if (!first) {
          throw new DocsgenError(`navbar item navbar.items[${index}] ${JSON.stringify(item)}: there are no docs to version`, where());
        }
        return { kind: 'versionDropdown', label: config.docs.versionLabel, href: first.route, changelogHref: config.docs.changelogPath };
      }
      case 'link':
        return { kind: 'link', label: item.label, href: item.href, external: isExternal(item.href), active: false };
      case 'search':
        return { kind: 'search' };
    }
  });
}

function findCategory(items: SidebarNode[], dir: string): (SidebarNode & { type: 'category' }) | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.dir === dir) return item;
    const found = findCategory(item.items, dir);
    if (found) return found;
  }
  return undefined;
}

/**
 * Above this many links, a page's sidebar leaves out the items of its collapsed categories: the
 * browser loads a category's list when it is opened. Smaller sidebars are rendered whole, so they
 * work without JavaScript.
 */
export const lazySidebarThreshold = 150;

type CategoryNode = SidebarNode & { type: 'category' };

/** Where a lazy category's list is served: `/_sidebar/<folder>/`, a page-like path every static host serves. */
export const sidebarFragmentRoute = (category: CategoryNode) => `/_sidebar/${category.dir}/`;

/** The id of the element holding a category's list: its folder, unique in the sidebar. */
const sidebarListId = (category: CategoryNode) => `sidebar-${category.dir.replace(/\s/g, '_')}`;

interface SidebarIndex {
  links: number;
  /** The categories leading to each route (the category itself for a category's own page). */
  trails: Map<string, Set<CategoryNode>>;
}

// Every page of a build asks about the same sidebar: walk it once, not once per page.
const sidebarIndexes = new WeakMap<SidebarNode[], SidebarIndex>();

function indexSidebar(items: SidebarNode[]): SidebarIndex {
  const known = sidebarIndexes.get(items);
  if (known) return known;
  const index: SidebarIndex = { links: 0, trails: new Map() };
  const walk = (nodes: SidebarNode[], trail: CategoryNode[]) => {
    for (const node of nodes) {
      const inner = node.type === 'category' ? [...trail, node] : trail;
      if (node.route) {
        index.links++;
        index.trails.set(node.route, new Set(inner));
      }
      if (node.type === 'category') walk(node.items, inner);
    }
  };
  walk(items, []);
  sidebarIndexes.set(items, index);
  return index;
}

/** The categories from the top of the sidebar down to the page with `route` (its own category included). */
export function sidebarTrail(items: SidebarNode[], route: string): CategoryNode[] {
  return [...(indexSidebar(items).trails.get(route) ?? [])];
}

/**
 * The sidebar as the theme renders it for one page: the current page marked, the categories
 * leading to it open. In a large sidebar the other categories come without their items.
 */
export function sidebarFor(items: SidebarNode[], route: string, baseUrl = '/'): SidebarItem[] {
  const { links, trails } = indexSidebar(items);
  return sidebarItems(items, route, trails.get(route) ?? new Set(), links > lazySidebarThreshold, baseUrl);
}

function sidebarItems(items: SidebarNode[], route: string, open: ReadonlySet<CategoryNode>, lazy: boolean, baseUrl: string): SidebarItem[] {
  return items.map((item): SidebarItem => {
    const href = item.route && withBase(baseUrl, item.route);
    if (item.type === 'link') return { type: 'link', label: item.label, href: href!, active: item.route === route };
    const expanded = open.has(item);
    const category = { type: 'category' as const, id: sidebarListId(item), label: item.label, href, active: item.route === route, expanded };
    return lazy && !expanded && item.items.length > 0
      ? { ...category, lazySrc: encodeURI(withBase(baseUrl, sidebarFragmentRoute(item))), items: [] }
      : { ...category, items: sidebarItems(item.items, route, open, lazy, baseUrl) };
  });
}

/** The categories whose lists the browser loads on demand: every category with items, in a large sidebar only. */
export function lazyCategories(items: SidebarNode[]): CategoryNode[] {
  if (indexSidebar(items).links <= lazySidebarThreshold) return [];
  const categories: CategoryNode[] = [];
  const walk = (nodes: SidebarNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'category') continue;
      if (node.items.length > 0) categories.push(node);
      walk(node.items);
    }
  };
  walk(items);
  return categories;
}

/** A lazy category's list as the browser loads it: no page current, its own categories lazy in turn. */
export function sidebarFragmentItems(category: CategoryNode, baseUrl = '/'): SidebarItem[] {
  return sidebarItems(category.items, '', new Set(), true, baseUrl);
}

export function siteDataFor(config: DocsgenConfig, navbarItems: NavbarItemData[], sidebar: SidebarItem[], route: string): SiteData {
  const at = (href: string) => withBase(config.baseUrl, href);
  return {
    baseUrl: config.baseUrl,
    homeHref: at('/'),
    searchPath: at('/search/'),
    title: config.title,
    tagline: config.tagline,
    productName: config.product.name,
    url: config.url,
    logo: { ...config.navbar.logo, src: at(config.navbar.logo.src) },
    navbarItems: navbarItems.map((item) => {
      if (item.kind === 'link' && !item.external) return { ...item, href: at(item.href), active: route.startsWith('/docs/') && item.href.startsWith('/docs/') };
      if (item.kind === 'versionDropdown') return { ...item, href: at(item.href), changelogHref: item.changelogHref && at(item.changelogHref) };
      return item;
    }),
    footer: {
      links: config.footer.links.map((link) => ({ ...link, href: at(link.href), external: isExternal(link.href) })),
      logo: { ...config.footer.logo, src: at(config.footer.logo.src), href: at(config.footer.logo.href) },
      copyright: config.footer.copyright,
    },
    announcement: config.announcementBar && { ...config.announcementBar, href: config.announcementBar.href && at(config.announcementBar.href) },
    colorMode: config.colorMode,
    sidebar,
  };
}
