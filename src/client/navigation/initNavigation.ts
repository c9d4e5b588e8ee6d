import { announcePage } from './announcePage.ts';
import { cleanPath } from './cleanPath.ts';
import { contentShowsError, showContentError, showContentLoading } from './contentStatus.ts';
import { contentSwappedEvent, navigationStartEvent } from './events.ts';
import { indicatorDelayMs } from './indicatorDelay.ts';
import { clickedInSiteUrl } from './inSiteLink.ts';
import { loadPageHtml } from './pageCache.ts';
import { initPrefetch, observeLinks } from './prefetch.ts';
import { matchRoute } from './routeManifest.ts';
import { finishRouteProgress, startRouteProgress } from './routeProgress.ts';
import {
  cancelScrollSave,
  savedScrollPosition,
  saveScrollPosition,
  scrollAfterNavigation,
  trackScrollPosition,
} from './scrollPosition.ts';
import { canSwap, swapPage } from './swapPage.ts';

/** How a navigation records itself in the history: a new entry, in place of this one, or not at all (back/forward). */
type HistoryMode = 'push' | 'replace' | 'none';

/** Path and query of the page whose content is on screen. */
let shownPage = location.pathname + location.search;
/** The latest navigation; an older one that finishes late is dropped. */
let latest = 0;

/**
 * In-site navigation over the static pages: clicks on links to other pages of the site fetch the
 * page and swap its content in (no full reload), back and forward restore page and scroll, and
 * pages are fetched ahead of time. Without JavaScript, the same links are plain page loads.
 */
export function initNavigation(): void {
  trackScrollPosition();
  normaliseHtmlPath();
  document.addEventListener('click', (event) => {
    const url = clickedInSiteUrl(event);
    if (!url) return;
    event.preventDefault();
    void navigate(url, url.href === location.href ? 'replace' : 'push');
  });
  window.addEventListener('popstate', (event) => {
    cancelScrollSave();
    const url = new URL(location.href);
    const saved = savedScrollPosition(event.state);
    if (url.pathname + url.search !== shownPage) void navigate(url, 'none', saved);
    else scrollAfterNavigation(url.hash, saved);
  });
  initPrefetch();
  // Once the page has loaded: the route manifest (small, and needed by every click, so fetched
  // even where pages are not fetched ahead), and the links in view.
  const afterLoad = () => {
    matchRoute(location.pathname).catch(() => {});
    observeLinks();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * `/docs/faq.html` becomes `/docs/faq/` in the address bar. On the not-found page (a host that
 * served 404.html for that path), the page the clean path names is then loaded in place.
 */
function normaliseHtmlPath(): void {
  const clean = cleanPath(location.pathname);
  if (clean === location.pathname) return;
  history.replaceState(history.state, '', clean + location.search + location.hash);
  shownPage = clean + location.search;
  if (!document.querySelector('[data-not-found]')) return;
  matchRoute(clean).then(
    (route) => {
      if (route) void navigate(new URL(location.href), 'none');
    },
    () => {},
  );
}

async function navigate(url: URL, mode: HistoryMode, savedScroll?: number): Promise<void> {
  const navigation = ++latest;
  document.dispatchEvent(new Event(navigationStartEvent));
  startRouteProgress();
  const spinner = contentShowsError() ? setTimeout(showContentLoading, indicatorDelayMs) : undefined;
  try {
    // Preparing the route: knowing from the manifest that the path is a page. When that fails,
    // the plain browser navigation takes over (spec §8: the page reloads).
    const route = await matchRoute(url.pathname).catch(() => undefined);
    if (navigation !== latest) return;
    if (!route) return loadFully(url);
    const target = new URL(route + url.search + url.hash, location.origin);
    let html: string;
    try {
      html = await loadPageHtml(route);
    } catch (error) {
      if (navigation !== latest) return;
      recordInHistory(target, mode);
      showContentError(error, () => void navigate(target, 'none'));
      window.scrollTo({ top: 0, behavior: 'instant' });
      return;
    }
    if (navigation !== latest) return;
    const next = new DOMParser().parseFromString(html, 'text/html');
    if (!canSwap(next)) return loadFully(target);
    recordInHistory(target, mode);
    swapPage(next);
    document.dispatchEvent(new Event(contentSwappedEvent));
    scrollAfterNavigation(target.hash, savedScroll);
    announcePage();
    observeLinks();
  } finally {
    clearTimeout(spinner);
    if (navigation === latest) finishRouteProgress();
  }
}

function recordInHistory(url: URL, mode: HistoryMode): void {
  shownPage = url.pathname + url.search;
  // The open mobile menu's own history entry gives way to the page opened from it.
  if (mode === 'push' && (history.state as { mobileMenu?: boolean } | null)?.mobileMenu) mode = 'replace';
  if (mode === 'push') {
    saveScrollPosition();
    history.pushState(null, '', url);
  } else if (mode === 'replace') {
    history.replaceState(null, '', url);
  }
}

/** The plain browser navigation, for pages that cannot be prepared in place. */
function loadFully(url: URL): void {
  if (url.pathname + url.search !== location.pathname + location.search) {
    location.assign(url);
    return;
  }
  history.replaceState(history.state, '', url);
  location.reload();
}
