import { fetchSidebarList, loadedSidebarList, mergeLoadedList } from './sidebarCategories.ts';

/** A windowed list's holder names its whole list; its gaps ("Show N more") link to the page of all sections. */
const windowedLists = '[data-sidebar-window]';

/**
 * A long category open on one of its pages shows a window of its items (src/props/sidebarWindow.ts).
 * The whole list is loaded when the reader asks for it: a gap clicked (focus goes to the first
 * item it hid), or the sidebar scrolled (what is in view stays in place).
 */
export function initSidebarWindows(): void {
  document.addEventListener('click', (event) => {
    const gap = (event.target as Element | null)?.closest?.('.menu__link--gap');
    const holder = gap?.closest<HTMLElement>(windowedLists);
    if (!gap || !holder) return;
    event.preventDefault();
    void expandWindow(holder, gap.parentElement!);
  });
  // Scroll events do not bubble: caught on the way down, from whichever sidebar (desktop, mobile menu) scrolled.
  document.addEventListener(
    'scroll',
    (event) => {
      if (!(event.target instanceof Element)) return;
      for (const holder of event.target.querySelectorAll<HTMLElement>(windowedLists)) void expandWindow(holder);
    },
    { capture: true, passive: true },
  );
}

/** Expands at once the windowed lists of a sidebar whose whole list is loaded already (a page fetched by navigation). */
export function expandLoadedWindows(sidebar: Element): void {
  for (const holder of sidebar.querySelectorAll<HTMLElement>(windowedLists)) {
    const html = loadedSidebarList(holder.dataset.sidebarWindow!);
    if (html) showWholeList(holder, html);
  }
}

/**
 * Loads a windowed list and shows it whole. Clicked (`gap`), the item before the gap stays where
 * it is and focus goes to the first item the gap hid; scrolled, the first item in view stays put.
 * When the list cannot be loaded the window stays, and its gaps still lead to the page of all sections.
 */
async function expandWindow(holder: HTMLElement, gap?: Element): Promise<void> {
  const src = holder.dataset.sidebarWindow;
  if (!src) return;
  const html = await fetchSidebarList(src).catch(() => undefined);
  if (!html || holder.dataset.sidebarWindow !== src) return;
  const scroller = scrollingAncestor(holder);
  const anchor = gap ? gap.previousElementSibling! : firstItemInView(holder.firstElementChild!, scroller);
  const before = anchor.getBoundingClientRect().top;
  showWholeList(holder, html);
  scroller.scrollTop += anchor.getBoundingClientRect().top - before;
  if (gap) anchor.nextElementSibling?.querySelector<HTMLElement>('a, button')?.focus();
}

/** The whole list in place of the window; its items no longer need to say where they stand in it. */
function showWholeList(holder: HTMLElement, html: string): void {
  const list = holder.firstElementChild!;
  mergeLoadedList(list, html);
  for (const item of list.children) {
    item.removeAttribute('aria-posinset');
    item.removeAttribute('aria-setsize');
  }
  holder.removeAttribute('data-sidebar-window');
}

/** The element whose scrolling moves the list: the sidebar, the mobile menu's panel, or the page. */
function scrollingAncestor(element: Element): Element {
  for (let at = element.parentElement; at; at = at.parentElement)
    if (/auto|scroll/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight) return at;
  return document.scrollingElement!;
}

/** The first item of the list (not a gap) whose bottom is below the scrolling element's top. */
function firstItemInView(list: Element, scroller: Element): Element {
  const top = scroller === document.scrollingElement ? 0 : scroller.getBoundingClientRect().top;
  const items = [...list.children].filter((item) => !item.querySelector(':scope > .menu__link--gap'));
  return items.find((item) => item.getBoundingClientRect().bottom > top) ?? items[0];
}
