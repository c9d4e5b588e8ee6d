import { fetchSidebarList, loadedSidebarList, mergeLoadedList } from './sidebarCategories.ts';

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
      (html) => completeSidebar(sidebar, html),
      () => {},
    );
  }
}

/** Completes a sidebar at once if its top-level list is loaded already (a page fetched by navigation). */
export function completeLoadedSidebar(sidebar: Element): void {
  const html = loadedSidebarList(sidebar.getAttribute('data-sidebar-sections') ?? '');
  if (html) completeSidebar(sidebar, html);
}

/** The shared list's items in their order, the sidebar's own item in place of its copy there (it is open). */
function completeSidebar(sidebar: Element, html: string): void {
  if (!sidebar.hasAttribute('data-sidebar-sections')) return;
  mergeLoadedList(sidebar.querySelector('ul')!, html);
  sidebar.removeAttribute('data-sidebar-sections');
}
