import type { DocsgenConfig } from '../config/schema.ts';
import type { NavbarItemData } from '../model/pageData.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { flattenSidebar } from '../content/buildSidebar.ts';
import { DocsgenError } from '../errors.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import { isExternal } from '../model/paths.ts';
import { referenceRoute } from '../openapi/referencePages.ts';

/**
 * Resolves navbar items to what the theme renders, for the pages of one version (its sidebar, its
 * API reference at `apiBase`); an item that cannot be rendered names itself.
 */
export function resolveNavbarItems(
  config: DocsgenConfig,
  sidebar: SidebarNode[],
  configFile: string,
  configSource: string,
  apiBase = referenceRoute,
): NavbarItemData[] {
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
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: there are no docs to version`,
            where(),
          );
        }
        if (!config.docs.versionLabel) {
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: set docs.versionLabel, the version it shows`,
            where(),
          );
        }
        return {
          kind: 'versionDropdown',
          label: config.docs.versionLabel,
          href: first.route,
          changelogHref: config.docs.changelogPath,
        };
      }
      case 'apiReference':
        if (!config.openapi)
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: the site has no API reference (set \`openapi\`)`,
            where(),
          );
        return { kind: 'link', label: item.label, href: apiBase, external: false, active: false };
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
