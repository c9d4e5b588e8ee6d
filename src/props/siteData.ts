import type { DocsgenConfig } from '../config/schema.ts';
import type { NavbarItemData, SidebarItem, SiteData } from '../model/pageData.ts';
import { isExternal, withBase } from '../model/paths.ts';

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
