import type { SidebarItem } from '../model/pageData.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { withBase } from '../model/paths.ts';
import { indexSidebar, lazySidebarThreshold, sidebarFragmentRoute, type CategoryNode } from '../site/sidebarIndex.ts';

/** The id of the element holding a category's list: its folder, unique in the sidebar. */
const sidebarListId = (category: CategoryNode) => `sidebar-${category.dir.replace(/\s/g, '_')}`;

/**
 * The sidebar as the theme renders it for one page: the current page marked, the categories
 * leading to it open. In a large sidebar the other categories come without their items.
 */
export function sidebarFor(items: SidebarNode[], route: string, baseUrl = '/'): SidebarItem[] {
  const { links, trails } = indexSidebar(items);
  return sidebarItems(items, route, trails.get(route) ?? new Set(), links > lazySidebarThreshold, baseUrl);
}

function sidebarItems(
  items: SidebarNode[],
  route: string,
  open: ReadonlySet<CategoryNode>,
  lazy: boolean,
  baseUrl: string,
): SidebarItem[] {
  return items.map((item): SidebarItem => {
    const href = item.route && withBase(baseUrl, item.route);
    if (item.type === 'link') return { type: 'link', label: item.label, href: href!, active: item.route === route };
    const expanded = open.has(item);
    const category = {
      type: 'category' as const,
      id: sidebarListId(item),
      label: item.label,
      href,
      active: item.route === route,
      expanded,
    };
    return lazy && !expanded && item.items.length > 0
      ? { ...category, lazySrc: withBase(baseUrl, sidebarFragmentRoute(item)), items: [] }
      : { ...category, items: sidebarItems(item.items, route, open, lazy, baseUrl) };
  });
}

/** A lazy category's list as the browser loads it: no page current, its own categories lazy in turn. */
export function sidebarFragmentItems(category: CategoryNode, baseUrl = '/'): SidebarItem[] {
  return sidebarItems(category.items, '', new Set(), true, baseUrl);
}
