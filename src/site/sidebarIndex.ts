import type { SidebarNode } from '../content/buildSidebar.ts';

/**
 * Above this many links, a page's sidebar leaves out the items of its collapsed categories: the
 * browser loads a category's list when it is opened. Smaller sidebars are rendered whole, so they
 * work without JavaScript.
 */
export const lazySidebarThreshold = 150;

/** A sidebar category (a folder of content/docs). */
export type CategoryNode = SidebarNode & { type: 'category' };

/** The folder lazy categories' lists are served from. */
export const sidebarFragmentsFolder = '/_sidebar/';

/** Where a lazy category's list is served: `/_sidebar/<folder>/`, a page-like path every static host serves. */
export const sidebarFragmentRoute = (category: CategoryNode) => `${sidebarFragmentsFolder}${category.dir}/`;

/** What pages ask of the sidebar: how many links it has, and the categories above each route. */
export interface SidebarIndex {
  links: number;
  /** The categories leading to each route (the category itself for a category's own page). */
  trails: Map<string, Set<CategoryNode>>;
}

// Every page of a build asks about the same sidebar: walk it once, not once per page.
const sidebarIndexes = new WeakMap<SidebarNode[], SidebarIndex>();

/** The sidebar's index, worked out once per sidebar. */
export function indexSidebar(items: SidebarNode[]): SidebarIndex {
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

/** Whether the sidebar links to `route` (a page, or a category's own page). */
export function inSidebar(items: SidebarNode[], route: string): boolean {
  return indexSidebar(items).trails.has(route);
}

/** The categories from the top of the sidebar down to the page with `route` (its own category included). */
export function sidebarTrail(items: SidebarNode[], route: string): CategoryNode[] {
  return [...(indexSidebar(items).trails.get(route) ?? [])];
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
