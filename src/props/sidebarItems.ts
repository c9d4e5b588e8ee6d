import type { SidebarItem, SidebarSections } from '../model/pageData.ts';
import { sidebarWindowThreshold, windowIndexes } from './sidebarWindow.ts';
import type { SidebarNode } from '../content/buildSidebar.ts';
import { withBase } from '../model/paths.ts';
import {
  indexSidebar,
  lazySidebarThreshold,
  sidebarFragmentRoute,
  sidebarFragmentsFolder,
  type CategoryNode,
} from '../site/sidebarIndex.ts';

/** The id of the element holding a category's list: its folder, unique in the sidebar. */
const sidebarListId = (category: CategoryNode) => `sidebar-${category.dir.replace(/\s/g, '_')}`;

/**
 * The sidebar as the theme renders it for one page: the current page marked, the categories
 * leading to it open. A large sidebar shows only the page's own top-level item (see
 * `sidebarSectionsFor`), its other categories without their items, which are in `folder` (its version's),
 * and of an open category with many items only a window around the page (`sidebarWindow.ts`).
 */
export function sidebarFor(
  items: SidebarNode[],
  route: string,
  baseUrl = '/',
  folder = sidebarFragmentsFolder,
): SidebarItem[] {
  const { links, trails } = indexSidebar(items);
  const trail = trails.get(route) ?? new Set();
  if (links <= lazySidebarThreshold) return sidebarItems(items, route, trail, false, baseUrl, folder);
  const own = items.filter((item) => (item.type === 'link' ? item.route === route : trail.has(item)));
  return sidebarItems(own, route, trail, true, baseUrl, folder);
}

/** Where a large sidebar's other top-level items are: the shared list the browser adds, the page of all sections. */
export function sidebarSectionsFor(
  items: SidebarNode[],
  baseUrl = '/',
  folder = sidebarFragmentsFolder,
): SidebarSections | undefined {
  const { links, sectionsName } = indexSidebar(items);
  if (links <= lazySidebarThreshold) return undefined;
  return { src: withBase(baseUrl, `${folder}${sectionsName}`), href: withBase(baseUrl, folder) };
}

function sidebarItems(
  items: SidebarNode[],
  route: string,
  open: ReadonlySet<CategoryNode>,
  lazy: boolean,
  baseUrl: string,
  folder: string,
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
    const src = withBase(baseUrl, sidebarFragmentRoute(item, folder));
    if (lazy && !expanded && item.items.length > 0) return { ...category, lazySrc: src, items: [] };
    const items = sidebarItems(item.items, route, open, lazy, baseUrl, folder);
    if (!lazy || items.length <= sidebarWindowThreshold) return { ...category, items };
    const gapHref = `${withBase(baseUrl, folder)}#${category.id}`;
    return { ...category, windowSrc: src, items: windowOf(items, gapHref) };
  });
}

/** A long open list's window (the page's item, or the open category leading to it, in its middle), gaps in between. */
function windowOf(items: SidebarItem[], gapHref: string): SidebarItem[] {
  const current = items.findIndex(
    (item) => item.type !== 'gap' && (item.active || (item.type === 'category' && item.expanded)),
  );
  const windowed: SidebarItem[] = [];
  let next = 0;
  for (const index of windowIndexes(items.length, current)) {
    if (index > next) windowed.push({ type: 'gap', hidden: index - next, href: gapHref });
    windowed.push(items[index]);
    next = index + 1;
  }
  return windowed;
}

/** A lazy list as the browser loads it (a category's, or the top-level one): no page current, its categories lazy. */
export function sidebarFragmentItems(
  items: SidebarNode[],
  baseUrl = '/',
  folder = sidebarFragmentsFolder,
): SidebarItem[] {
  return sidebarItems(items, '', new Set(), true, baseUrl, folder);
}

/** Every item of the sidebar, every category open: the page of all sections lists them. */
export function sidebarTreeItems(items: SidebarNode[], baseUrl = '/'): SidebarItem[] {
  const categories = new Set<CategoryNode>();
  const walk = (nodes: SidebarNode[]) => {
    for (const node of nodes)
      if (node.type === 'category') {
        categories.add(node);
        walk(node.items);
      }
  };
  walk(items);
  return sidebarItems(items, '', categories, false, baseUrl, sidebarFragmentsFolder);
}
