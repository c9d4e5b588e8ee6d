import { anchorPagesId } from '../apiAnchorPages.ts';
import { sameSidebar, syncNavbarLinks, syncSidebar } from './syncShellState.ts';
import { completeLoadedSidebar, completeSidebars } from '../sidebarSections.ts';
import { expandLoadedWindows } from '../sidebarWindows.ts';

/** Head tags that describe the page rather than the site (a split API reference's overview: the page of each anchor). */
const pageHeadTags = `meta[name="description"], meta[name="robots"], link[rel="canonical"], meta[property^="og:"], meta[name^="docsearch:"], script#${anchorPagesId}`;

/** The body classes the page came with (the page type); classes added later by scripts are kept. */
let pageClasses = [...document.body.classList];

const assetsOf = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="stylesheet"], script[src]')].map(
    (element) => element.getAttribute('href') ?? element.getAttribute('src'),
  );

/**
 * Whether a fetched page can be shown by swapping: it has the regions we swap, and this page
 * already runs its stylesheets and scripts (after a deploy they differ, and a full load is needed).
 */
export function canSwap(next: Document): boolean {
  const loaded = new Set(assetsOf(document));
  return (
    next.getElementById('__docsgen_content') !== null &&
    next.querySelector('.main-wrapper') !== null &&
    assetsOf(next).every((asset) => loaded.has(asset))
  );
}

/**
 * Shows a fetched page in place of this one. Swapped: the page's head tags and title, its body
 * class, the main content (breadcrumbs and TOC included) and the mobile menu's sidebar panel.
 * The docs sidebar is kept when both pages share it; when the layout differs, everything between
 * navbar and footer is swapped. The navbar, its islands, the footer and anything else on the
 * body (an open search modal) stay.
 */
export function swapPage(next: Document): void {
  document.title = next.title;
  for (const tag of document.head.querySelectorAll(pageHeadTags)) tag.remove();
  document.head.querySelector('title')?.after(...next.head.querySelectorAll(pageHeadTags));

  document.body.classList.remove(...pageClasses);
  pageClasses = [...next.body.classList];
  document.body.classList.add(...pageClasses);

  const sidebar = document.querySelector('.docs-sidebar');
  const nextSidebar = next.querySelector('.docs-sidebar');
  // A large sidebar completed on screen can be kept if the new page's is completed the same way.
  const nextList = nextSidebar?.querySelector('.sidebar');
  if (nextList) {
    completeLoadedSidebar(nextList);
    expandLoadedWindows(nextList);
  }
  if (sidebar && nextSidebar && sameSidebar(sidebar, nextSidebar)) {
    syncSidebar(sidebar, nextSidebar);
    document.getElementById('__docsgen_content')?.replaceWith(next.getElementById('__docsgen_content')!);
  } else {
    document.querySelector('.main-wrapper')?.replaceWith(next.querySelector('.main-wrapper')!);
    completeSidebars();
  }
  syncNavbarLinks(next);
  swapMobileMenuSidebar(next);
}

/** The mobile menu's secondary panel holds the page's sidebar (or is absent on pages without one). */
function swapMobileMenuSidebar(next: Document): void {
  const menu = document.getElementById('mobile-menu');
  const nextMenu = next.getElementById('mobile-menu');
  if (!menu || !nextMenu) return;
  menu.dataset.secondary = nextMenu.dataset.secondary ?? 'none';
  menu.querySelector('.mobile-menu__secondary')?.remove();
  const secondary = nextMenu.querySelector('.mobile-menu__secondary');
  if (secondary) menu.querySelector('.mobile-menu__panel')?.append(secondary);
}
