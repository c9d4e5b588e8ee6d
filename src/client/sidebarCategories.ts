/** The sidebar's lazy lists by URL, fetched once; a failed fetch is forgotten so that it is tried again. */
const lazyLists = new Map<string, Promise<string>>();
/** The lists loaded already: a page fetched by navigation is completed with them before it is shown. */
const loadedLists = new Map<string, string>();

/** A list of the sidebar if it is loaded already. */
export const loadedSidebarList = (src: string) => loadedLists.get(src);

/** Category carets expand and collapse their lists (delegated, so copies in the mobile menu work too). */
export function initSidebarCategories(): void {
  document.addEventListener('click', (event) => {
    const category = (event.target as Element | null)?.closest?.('.menu__caret')?.closest('.menu__category');
    if (category) setCategoryExpanded(category, category.classList.contains('menu__category--collapsed'));
  });
}

/** Opens or closes a category at once; a lazy category's list is loaded on first opening. */
export function setCategoryExpanded(category: Element, expanded: boolean): void {
  category.classList.toggle('menu__category--collapsed', !expanded);
  const caret = category.querySelector('.menu__caret')!;
  caret.setAttribute('aria-expanded', String(expanded));
  caret.setAttribute('aria-label', caret.getAttribute('aria-label')!.replace(/^\w+/, expanded ? 'Collapse' : 'Expand'));
  if (expanded) void loadLazyList(category);
}

/**
 * Fills a lazy category's empty list (the category's last element) from its fragment. When it
 * cannot be loaded, the category closes again; its link still leads to its page, where it is open.
 */
async function loadLazyList(category: Element): Promise<void> {
  const holder = category.lastElementChild as HTMLElement;
  const src = holder.dataset.sidebarSrc;
  if (!src) return;
  try {
    const html = await fetchSidebarList(src);
    // Unless filled meanwhile: by navigation, or by an earlier click.
    if (holder.dataset.sidebarSrc) fillLazyList(holder, html);
  } catch {
    if (holder.dataset.sidebarSrc) setCategoryExpanded(category, false);
  }
}

/** A list of the sidebar (a category's, or a large sidebar's top-level one), fetched once. */
export function fetchSidebarList(src: string): Promise<string> {
  const known = lazyLists.get(src);
  if (known) return known;
  // Anything but a list (a not-found or error page) is a failure.
  const list = fetch(src).then(async (response) => {
    const html = await response.text();
    if (!html.startsWith('<ul')) throw new Error(src);
    return html;
  });
  lazyLists.set(src, list);
  list.then(
    (html) => loadedLists.set(src, html),
    () => lazyLists.delete(src),
  );
  return list;
}

/** Puts a lazy category's list in place; in the mobile menu's copy of the sidebar, with ids of its own. */
export function fillLazyList(holder: Element, html: string): void {
  holder.innerHTML = html;
  holder.removeAttribute('data-sidebar-src');
  if (holder.closest('#mobile-menu')) renameCopiedIds(holder);
}

/** A sidebar item (`li`): a link by its href, a category by the id of its list. */
export const sidebarItemKey = (item: Element) =>
  item.firstElementChild!.getAttribute('href') ?? item.firstElementChild!.lastElementChild!.id;

/**
 * Puts a loaded list's items in place of a list's (a large sidebar's top level, a windowed
 * category's): those the list holds already stay, with their state (the page marked, categories
 * open); the others come from the loaded list, and whatever it lacks (a window's gaps) goes.
 */
export function mergeLoadedList(list: Element, html: string): void {
  const template = list.ownerDocument.createElement('template');
  template.innerHTML = html;
  const loaded = template.content.firstElementChild!;
  if (list.closest('#mobile-menu')) renameCopiedIds(loaded);
  const own = new Map([...list.children].map((item) => [sidebarItemKey(item), item]));
  list.replaceChildren(...[...loaded.children].map((item) => own.get(sidebarItemKey(item)) ?? item));
}

/** The mobile menu's copy of the sidebar gets ids of its own, its carets pointing at them: ids stay unique. */
export function renameCopiedIds(copy: Element): void {
  for (const element of copy.querySelectorAll('[id], [aria-controls]')) {
    if (element.id) element.id = `mobile-${element.id}`;
    else element.setAttribute('aria-controls', `mobile-${element.getAttribute('aria-controls')}`);
  }
}
