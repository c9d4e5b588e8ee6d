import { forgetMobileMenuItems } from '../mobileMenuItems.ts';
import { fillLazyList, setCategoryExpanded } from '../sidebarCategories.ts';
import { sidebarItemKey } from '../sidebarCategories.ts';

/** Gives `element` the values `source` has for these attributes (removing those it lacks). */
function copyAttributes(element: Element, source: Element | undefined, names: string[]): void {
  if (!source) return;
  for (const name of names) {
    const value = source.getAttribute(name);
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
}

/**
 * The navbar stays in place (its islands keep their state); which link is active changes, and
 * where its links and version menu lead (a page of another version has its own).
 */
export function syncNavbarLinks(next: Document): void {
  const selector = '.navbar a.navbar__link';
  const incoming = next.querySelectorAll(selector);
  document
    .querySelectorAll(selector)
    .forEach((link, index) =>
      copyAttributes(link, incoming[index], ['class', 'aria-current', 'href', 'data-version-hrefs']),
    );
  const menus = next.querySelectorAll('[data-version-dropdown]');
  document.querySelectorAll('[data-version-dropdown]').forEach((menu, index) => {
    if (menus[index]) menu.replaceWith(document.importNode(menus[index], true));
  });
  // The mobile menu's copy of the items is built from the navbar again when it next opens.
  forgetMobileMenuItems();
}

/** A sidebar's top-level items: links by their href, categories by the id of their list. */
const topLevelItems = (sidebar: Element) => [...sidebar.querySelector('ul')!.children].map(sidebarItemKey).join(' ');

/**
 * Whether two sidebars have the same structure (the same top-level links and categories), so the
 * one on screen can be kept. Their lists may differ: a large sidebar loads only the lists it shows.
 */
export function sameSidebar(sidebar: Element, next: Element): boolean {
  return sidebar.className === next.className && topLevelItems(sidebar) === topLevelItems(next);
}

/**
 * Keeps the reader's sidebar (its scroll position, the categories they opened), fills in the
 * lists the new page brings that were not loaded yet, marks the new page, and opens the
 * categories that lead to it.
 */
export function syncSidebar(sidebar: Element, next: Element): void {
  // In document order, so that a list is filled in before the lists inside it are looked for.
  for (const incoming of next.querySelectorAll(
    '.menu__category:not(.menu__category--collapsed) > .menu__collapsible',
  )) {
    const holder = document.getElementById(incoming.id);
    // A list not loaded, or shown as a window (around another page): the new page's in its place.
    if (holder?.hasAttribute('data-sidebar-src') || holder?.hasAttribute('data-sidebar-window')) {
      fillLazyList(holder, incoming.innerHTML);
      copyAttributes(holder, incoming, ['data-sidebar-window']);
    }
    if (holder) setCategoryExpanded(holder.parentElement!, true);
  }
  const current = next.querySelector('[aria-current="page"]')?.getAttribute('href');
  for (const link of sidebar.querySelectorAll('a')) {
    const active = link.getAttribute('href') === current;
    link.classList.toggle('menu__link--active', active);
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
