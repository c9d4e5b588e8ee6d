import { inSiteUrl, linkOf } from './inSiteLink.ts';
import { loadPageHtml } from './pageCache.ts';
import { matchRoute } from './routeManifest.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Nothing is fetched ahead on 2g connections or with the data saver on (spec §2). */
function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection?.saveData && !['slow-2g', '2g'].includes(connection?.effectiveType ?? '');
}

async function prefetch(link: HTMLAnchorElement, priority: RequestPriority): Promise<void> {
  const url = inSiteUrl(link);
  // `data-no-prefetch`: a link the page's script handles in place (a sidebar window's gaps).
  if (!url || !prefetchAllowed() || link.hasAttribute('data-no-prefetch')) return;
  const route = await matchRoute(url.pathname);
  if (route && route !== location.pathname) await loadPageHtml(route, priority);
}

const ignoreFailure = () => {};

/** Links that entered the viewport, fetched one at a time at low priority so clicks keep the bandwidth. */
const queue: HTMLAnchorElement[] = [];
let draining = false;

async function drainQueue(): Promise<void> {
  if (draining) return;
  draining = true;
  for (let link = queue.shift(); link; link = queue.shift()) await prefetch(link, 'low').catch(ignoreFailure);
  draining = false;
}

const viewport =
  'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          viewport?.unobserve(entry.target);
          queue.push(entry.target as HTMLAnchorElement);
        }
        void drainQueue();
      })
    : undefined;

/** Watches the page's links for entering the viewport (again after each swap, for the new links). */
export function observeLinks(): void {
  viewport?.disconnect();
  queue.length = 0;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]'))
    if (inSiteUrl(link)) viewport?.observe(link);
}

/** Fetches pages ahead of time on hover, focus or touch of a link (links in view: `observeLinks`). */
export function initPrefetch(): void {
  const onIntent = (event: Event) => {
    const link = linkOf(event);
    if (link) prefetch(link, 'high').catch(ignoreFailure);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, onIntent, { passive: true, capture: true });
}
