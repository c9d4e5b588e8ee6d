import type { DocsgenConfig } from '../config/schema.ts';
import type { NavbarItemData, SidebarItem, SiteData } from '../../templates/types.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { flattenSidebar } from '../content/buildSidebar.ts';
import { DocsgenError } from '../errors.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';

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

/** The sidebar as the theme renders it for one page: the current page marked, its categories open. */
export function sidebarFor(items: SidebarNode[], route: string): SidebarItem[] {
  return items.map((item): SidebarItem => {
    if (item.type === 'link') return { type: 'link', label: item.label, href: item.route, active: item.route === route };
    const children = sidebarFor(item.items, route);
    const containsActive = (list: SidebarItem[]): boolean => list.some((child) => child.active || (child.type === 'category' && containsActive(child.items)));
    const active = item.route === route;
    return { type: 'category', label: item.label, href: item.route, active, expanded: active || containsActive(children), items: children };
  });
}

export function siteDataFor(config: DocsgenConfig, navbarItems: NavbarItemData[], sidebar: SidebarItem[], route: string): SiteData {
  return {
    title: config.title,
    tagline: config.tagline,
    productName: config.product.name,
    url: config.url,
    logo: config.navbar.logo,
    navbarItems: navbarItems.map((item) =>
      item.kind === 'link' && !item.external ? { ...item, active: route.startsWith('/docs/') && item.href.startsWith('/docs/') } : item,
    ),
    footer: {
      links: config.footer.links.map((link) => ({ ...link, external: isExternal(link.href) })),
      logo: config.footer.logo,
      copyright: config.footer.copyright,
    },
    announcement: config.announcementBar,
    colorMode: config.colorMode,
    sidebar,
  };
}
