import { fetchSidebarList, renameCopiedIds } from './sidebarCategories.ts';

/** The top-level lists of large sidebars by URL, once loaded: a page fetched by navigation is completed before it is shown. */
const loadedLists = new Map<string, string>();

/** A sidebar item (`li`): a link by its href, a category by the id of its list. */
export const sidebarItemKey = (item: Element) =>
  item.firstElementChild!.getAttribute('href') ?? item.firstElementChild!.lastElementChild!.id;

/**
 * Completes the large sidebars on the page (a page's own, the mobile menu's copy): each holds its
 * page's top-level item and a link to the page of all sections, and gets the other items from the
 * shared top-level list. When the list cannot be loaded, the sidebar stays as it is; the next
 * page tries again.
 */
export function completeSidebars(): void {
  for (const sidebar of document.querySelectorAll('nav.sidebar[data-sidebar-sections]')) {
    const src = sidebar.getAttribute('data-sidebar-sections')!;
    fetchSidebarList(src).then(
      (html) => {
        loadedLists.set(src, html);
        completeSidebar(sidebar, html);
      },
      () => {},
    );
  }
}

/** Completes a sidebar at once if its top-level list is loaded already (a page fetched by navigation). */
export function completeLoadedSidebar(sidebar: Element): void {
  const html = loadedLists.get(sidebar.getAttribute('data-sidebar-sections') ?? '');
  if (html) completeSidebar(sidebar, html);
}

/** The shared list's items in their order, the sidebar's own item in place of its copy there (it is open). */
function completeSidebar(sidebar: Element, html: string): void {
  if (!sidebar.hasAttribute('data-sidebar-sections')) return;
  const template = sidebar.ownerDocument.createElement('template');
  template.innerHTML = html;
  const shared = template.content.firstElementChild!;
  if (sidebar.closest('#mobile-menu')) renameCopiedIds(shared);
  const list = sidebar.querySelector('ul')!;
  const own = new Map([...list.children].map((item) => [sidebarItemKey(item), item]));
  list.replaceChildren(...[...shared.children].map((item) => own.get(sidebarItemKey(item)) ?? item));
  sidebar.removeAttribute('data-sidebar-sections');
}
