import type { DocsgenConfig } from '../config/schema.ts';
import type { NavbarItemData } from '../model/pageData.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { flattenSidebar } from '../content/buildSidebar.ts';
import { DocsgenError } from '../errors.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import { isExternal } from '../model/paths.ts';
import { referenceRoute } from '../openapi/referencePages.ts';
import { currentVersionName } from './versionsFile.ts';

/**
 * Resolves navbar items to what the theme renders, for the pages of one version (its sidebar, its
 * API reference, its label in the dropdown); an item that cannot be rendered names itself.
 */
export function resolveNavbarItems(
  config: DocsgenConfig,
  sidebar: SidebarNode[],
  configFile: string,
  configSource: string,
  version: { name: string; apiBase: string; label: string } | undefined = undefined,
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
        // The current version's label is the config's, which the dropdown needs.
        const label = version && version.name !== currentVersionName ? version.label : config.docs.versionLabel;
        if (!label) {
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: set docs.versionLabel, the version it shows`,
            where(),
          );
        }
        return {
          kind: 'versionDropdown',
          label,
          href: first.route,
          changelogHref: config.docs.changelogPath,
          // Filled in for each page (src/props/siteData.ts).
          versions: [],
        };
      }
      case 'apiReference':
        if (!config.openapi)
          throw new DocsgenError(
            `navbar item navbar.items[${index}] ${JSON.stringify(item)}: the site has no API reference (set \`openapi\`)`,
            where(),
          );
        return {
          kind: 'link',
          label: item.label,
          href: version?.apiBase ?? referenceRoute,
          external: false,
          active: false,
        };
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
