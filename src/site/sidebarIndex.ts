import { createHash } from 'node:crypto';
import type { SidebarNode } from '../content/buildSidebar.ts';
import type { RenderSite } from './site.ts';

/**
 * Above this many links, a page's sidebar shows only the page's own top-level item (its category,
 * open down to the page) and a link to the page of all sections; the browser adds the other
 * top-level items from one shared list, and loads a category's list when it is opened. Smaller
 * sidebars are rendered whole in every page.
 */
export const lazySidebarThreshold = 150;

/** A sidebar category (a folder of content/docs). */
export type CategoryNode = SidebarNode & { type: 'category' };

/** The folder every version's lists of a large sidebar are served from. */
export const sidebarFragmentsFolder = '/_sidebar/';

/**
 * The folder of one version's lists (the site in that version's view): a snapshot's sidebar has
 * the same folders as the current one, and its own pages; the folder is also its page of all sections.
 */
export const sidebarFolderOf = (site: Pick<RenderSite, 'version' | 'versions'>) =>
  site.version.name === site.versions[0].name
    ? sidebarFragmentsFolder
    : `${sidebarFragmentsFolder}_${site.version.name}/`;

/** Where a lazy category's list is served: `<folder>/<its folder>/`, a page-like path every static host serves. */
export const sidebarFragmentRoute = (category: CategoryNode, folder: string) => `${folder}${category.dir}/`;

/** What pages ask of the sidebar: how many links it has, and the categories above each route. */
export interface SidebarIndex {
  links: number;
  /** The name of a large sidebar's top-level list in its folder, a hash of what it lists. */
  sectionsName: string;
  /** The categories leading to each route (the category itself for a category's own page). */
  trails: Map<string, Set<CategoryNode>>;
}

// Every page of a build asks about the same sidebar: walk it once, not once per page.
const sidebarIndexes = new WeakMap<SidebarNode[], SidebarIndex>();

/** The sidebar's index, worked out once per sidebar. */
export function indexSidebar(items: SidebarNode[]): SidebarIndex {
  const known = sidebarIndexes.get(items);
  if (known) return known;
  const index: SidebarIndex = { links: 0, trails: new Map(), sectionsName: sectionsNameOf(items) };
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

/**
 * `sections-<hash>/`, a page-like path in the sidebar's folder as the categories' lists have (hosts
 * redirect `.html` names to them): the hash of the top-level items' kinds, labels, pages and folders.
 */
function sectionsNameOf(items: SidebarNode[]): string {
  const listed = items.map((node) =>
    node.type === 'category' ? [node.label, node.route, node.dir, node.items.length > 0] : [node.label, node.route],
  );
  const hash = createHash('sha256').update(JSON.stringify(listed)).digest('hex').slice(0, 10);
  return `sections-${hash}/`;
}
