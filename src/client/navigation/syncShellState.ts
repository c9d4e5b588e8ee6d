/** Gives `element` the values `source` has for these attributes (removing those it lacks). */
function copyAttributes(element: Element, source: Element | undefined, names: string[]): void {
  if (!source) return;
  for (const name of names) {
    const value = source.getAttribute(name);
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
}

/** The navbar stays in place (its islands keep their state); only which link is active changes. */
export function syncNavbarLinks(next: Document): void {
  const selector = '.navbar a.navbar__link, #mobile-menu a.navbar__link';
  const incoming = next.querySelectorAll(selector);
  document.querySelectorAll(selector).forEach((link, index) => copyAttributes(link, incoming[index], ['class', 'aria-current']));
}

/** Whether two sidebars hold the same links, so the one on screen can be kept. */
export function sameSidebar(sidebar: Element, next: Element): boolean {
  const hrefs = (element: Element) => [...element.querySelectorAll('a')].map((link) => link.getAttribute('href')).join(' ');
  return sidebar.className === next.className && hrefs(sidebar) === hrefs(next);
}

/**
 * Keeps the reader's sidebar (its scroll position, the categories they opened) and marks the new
 * page in it, opening the categories that lead to it.
 */
export function syncSidebar(sidebar: Element, next: Element): void {
  const incomingLinks = next.querySelectorAll('a');
  sidebar.querySelectorAll('a').forEach((link, index) => copyAttributes(link, incomingLinks[index], ['class', 'aria-current']));
  const incomingCategories = next.querySelectorAll('.menu__category');
  sidebar.querySelectorAll('.menu__category').forEach((category, index) => {
    const incoming = incomingCategories[index];
    if (!incoming || incoming.classList.contains('menu__category--collapsed')) return;
    category.classList.remove('menu__category--collapsed');
    const caret = ':scope > .menu__category-row > .menu__caret';
    const button = category.querySelector(caret);
    if (button) copyAttributes(button, incoming.querySelector(caret) ?? undefined, ['aria-expanded', 'aria-label']);
  });
}
