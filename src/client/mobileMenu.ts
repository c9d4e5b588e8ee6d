import { navigationStartEvent } from './navigation/events.ts';
import { buildMobileMenuItems } from './mobileMenuItems.ts';
import { renameCopiedIds } from './sidebarCategories.ts';
import { completeSidebars } from './sidebarSections.ts';

/** Widths above this are desktop: the side menu closes itself (spec: 996 px). */
export const desktopBreakpoint = 996;

/**
 * The mobile side menu: opens from the navbar toggle; shows the docs sidebar (secondary menu) on
 * docs pages with a way back to the main menu; closes on Escape, backdrop, back navigation and
 * when the window grows to desktop width.
 */
export function initMobileMenu(): void {
  const menu = document.getElementById('mobile-menu');
  const toggle = document.querySelector<HTMLButtonElement>('.navbar__toggle');
  if (!menu || !toggle) return;
  let historyEntry = false;

  const open = () => {
    buildMobileMenuItems(menu.querySelector('.mobile-menu__panel')!);
    // Looked up on each opening: navigation swaps in the new page's (empty) slot.
    const sidebarSlot = menu.querySelector('.mobile-menu__sidebar');
    if (sidebarSlot && !sidebarSlot.firstChild) {
      const sidebar = document.querySelector('.docs-sidebar .sidebar')?.cloneNode(true) as Element | undefined;
      if (sidebar) {
        renameCopiedIds(sidebar);
        sidebarSlot.append(sidebar);
        // A copy of a large sidebar not completed yet (its list was loading) is completed in turn.
        completeSidebars();
      }
    }
    if (menu.dataset.secondary !== 'none') menu.dataset.secondary = 'shown';
    menu.hidden = false;
    document.body.classList.add('mobile-menu-open');
    toggle.setAttribute('aria-expanded', 'true');
    // A history entry of our own lets the browser's back button close the menu.
    history.pushState({ ...history.state, mobileMenu: true }, '');
    historyEntry = true;
    menu.querySelector<HTMLElement>('.mobile-menu__close')?.focus();
  };

  const close = (fromHistory = false) => {
    if (menu.hidden) return;
    menu.hidden = true;
    document.body.classList.remove('mobile-menu-open');
    toggle.setAttribute('aria-expanded', 'false');
    if (historyEntry && !fromHistory) history.back();
    historyEntry = false;
    toggle.focus({ preventScroll: true });
  };

  toggle.addEventListener('click', open);
  menu.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('.mobile-menu__close, .mobile-menu__backdrop')) close();
    else if (target.closest('.mobile-menu__back')) menu.dataset.secondary = 'hidden';
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  window.addEventListener('popstate', () => close(true));
  // A page opened from the menu takes over the menu's history entry, so there is nothing to go back from.
  document.addEventListener(navigationStartEvent, () => close(true));
  matchMedia(`(min-width: ${desktopBreakpoint + 1}px)`).addEventListener('change', (event) => {
    if (event.matches) close();
  });
}
