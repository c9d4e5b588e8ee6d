import type { Browser } from 'playwright-core';
import { launchChromium } from '../tests/helpers/chromium.ts';
import type { OperationReading } from './operationPicks.ts';

type Seen = Omit<Extract<OperationReading, { inViewMs: number }>, 'operationId'>;

/** How long one link may take before its reading is reported as failed (Redoc 3.0.1 never shows an operationId holding `#`). */
const givesUpAfterMs = 120_000;

/**
 * Debian's Chromium resolving no host name: a page's requests beyond 127.0.0.1 (Redoc's fonts and
 * icons on its CDN) fail at once, as offline, without intercepting every request the page makes.
 */
export const launchOfflineChromium = (): Promise<Browser> =>
  launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);

/**
 * Runs in every document of the tab, before the page's scripts: times are measured from the first
 * document's navigation start (kept in sessionStorage, which survives a forward to another page),
 * with the pages' own clocks. The target is the element the address's fragment names (docsgen:
 * `operation/<id>`; Redoc: `#/<tag>/<operation>` once it has moved the address there), watched
 * every frame until it is in the viewport; the report waits for that, a first contentful paint
 * and the load event. A string: a compiled function may call helpers the page lacks.
 */
const watchScript = `(() => {
  const store = sessionStorage;
  if (!store.getItem('bench:start')) store.setItem('bench:start', String(performance.timeOrigin));
  const start = Number(store.getItem('bench:start'));
  const since = (pageTime) => performance.timeOrigin + pageTime - start;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint' && !store.getItem('bench:paint'))
        store.setItem('bench:paint', String(since(entry.startTime)));
  }).observe({ type: 'paint', buffered: true });
  const target = () => {
    let fragment = location.hash.slice(1);
    try { fragment = decodeURIComponent(fragment); } catch {}
    return document.getElementById(fragment) || (fragment.startsWith('/') ? document.getElementById(fragment.slice(1)) : null);
  };
  const frame = (frameTime) => {
    if (!store.getItem('bench:inView')) {
      const box = target()?.getBoundingClientRect();
      if (box && box.height > 0 && box.top < innerHeight && box.bottom > 0)
        store.setItem('bench:inView', String(since(frameTime)));
    }
    if (store.getItem('bench:inView') && store.getItem('bench:paint') && document.readyState === 'complete')
      return window.benchReport({
        inViewMs: Number(store.getItem('bench:inView')),
        firstPaintMs: Number(store.getItem('bench:paint')),
        domNodes: document.getElementsByTagName('*').length,
      });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * Opens each link in a fresh context (empty cache and storage) at 1280 × 900 and reports what the
 * reader saw: first contentful paint, the operation in view, and the document's elements.
 */
export async function operationReadings(
  browser: Browser,
  siteUrl: string,
  links: { operationId: string; href: string }[],
): Promise<OperationReading[]> {
  const readings: OperationReading[] = [];
  for (const { operationId, href } of links) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await context.newPage();
      let report!: (reading: Seen) => void;
      const reported = new Promise<Seen | { failed: string }>((resolve) => {
        report = resolve;
        timer = setTimeout(() => resolve({ failed: `not in view after ${givesUpAfterMs / 1000} s` }), givesUpAfterMs);
      });
      await page.exposeBinding('benchReport', (_source, reading) => report(reading));
      await page.addInitScript(watchScript);
      await page.goto(`${siteUrl}${href}`, { waitUntil: 'commit' });
      readings.push({ operationId, ...(await reported) });
    } catch (error) {
      readings.push({ operationId, failed: (error as Error).message.split('\n')[0] });
    } finally {
      clearTimeout(timer);
      await context.close();
    }
  }
  return readings;
}
