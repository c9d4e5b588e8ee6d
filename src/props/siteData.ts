import type { SidebarItem, SidebarSections, SiteData } from '../model/pageData.ts';
import { isExternal, withBase } from '../model/paths.ts';
import { inSidebar } from '../site/sidebarIndex.ts';
import type { RenderSite } from '../site/site.ts';
import { versionLinks, versionOfRoute } from '../site/siteVersions.ts';

/**
 * What the shell of the page at `route` shows of the site: title, navbar, footer, announcement,
 * the sidebar as that page shows it, every link under the site's base.
 */
export function siteDataFor(
  site: Pick<RenderSite, 'config' | 'navbarItems' | 'sidebar' | 'roles' | 'versions'>,
  sidebar: SidebarItem[],
  route: string,
  sidebarSections?: SidebarSections,
): SiteData {
  const { config, navbarItems } = site;
  const at = (href: string) => withBase(config.baseUrl, href);
  // A navbar link into the docs is current on every docs page.
  const inDocs = (path: string) => inSidebar(site.sidebar, path);
  // The version the page is in (none: a page the versions share, which follows the reader's preferred one).
  const own = versionOfRoute(site, route);
  const versioned = site.versions.length > 1;
  const versionHrefs = (href: string) =>
    versioned && !own && versionOfRoute(site, href)
      ? Object.fromEntries(versionLinks(site, href).map((link) => [link.name, at(link.href)]))
      : undefined;
  return {
    baseUrl: config.baseUrl,
    homeHref: at('/'),
    searchPath: site.roles?.search && at(site.roles.search),
    title: config.title,
    tagline: config.tagline,
    productName: config.product.name,
    url: config.url,
    logo: config.navbar.logo && { ...config.navbar.logo, src: at(config.navbar.logo.src) },
    navbarItems: navbarItems.map((item) => {
      if (item.kind === 'link' && !item.external)
        return {
          ...item,
          href: at(item.href),
          active: inDocs(route) && inDocs(item.href),
          versionHrefs: versionHrefs(item.href),
        };
      if (item.kind === 'versionDropdown')
        return {
          ...item,
          href: at(item.href),
          changelogHref: item.changelogHref && at(item.changelogHref),
          versions: versionLinks(site, route).map(({ name, label, href }) => ({
            name,
            label,
            href: at(href),
            active: name === (own ?? site.versions[0]).name,
          })),
        };
      return item;
    }),
    footer: {
      links: config.footer.links.map((link) => ({ ...link, href: at(link.href), external: isExternal(link.href) })),
      logo: config.footer.logo && {
        ...config.footer.logo,
        src: at(config.footer.logo.src),
        href: at(config.footer.logo.href),
      },
      copyright: config.footer.copyright,
    },
    announcement: config.announcementBar && {
      ...config.announcementBar,
      href: config.announcementBar.href && at(config.announcementBar.href),
    },
    colorMode: config.colorMode,
    sidebar,
    ...(sidebarSections && { sidebarSections }),
  };
}
