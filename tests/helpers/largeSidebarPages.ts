import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { openPage } from './browserPage.ts';
import { servedBuild, type ServedBuild } from './servedBuild.ts';

/**
 * For a test file: Chromium and a served build of the site `writeSite` writes (started before the file's tests,
 * closed after them), and `open`, which opens one of its pages recording the large sidebar's list requests and
 * the errors the page throws.
 */
export function largeSidebarPages(writeSite: () => Promise<string>) {
  const site = {} as { browser: Browser; served: ServedBuild };
  beforeAll(async () => {
    site.browser = await launchChromium();
    site.served = await servedBuild(writeSite);
  }, 180_000);
  afterAll(async () => {
    await site.browser?.close();
    await site.served?.close();
  });
  async function open(route: string, options: BrowserContextOptions = {}) {
    let requested!: ReturnType<typeof sidebarListRequests>;
    const opened = await openPage(site.browser, route, options, {
      base: site.served.url,
      before: (page) => (requested = sidebarListRequests(page)),
    });
    return { ...opened, ...requested };
  }
  return { site, open };
}

/** The large sidebar's lists a page requests: a category's (`lists`) and the shared top level (`sections`). */
function sidebarListRequests(page: Page): { lists: string[]; sections: string[] } {
  const lists: string[] = [];
  const sections: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/_sidebar/sections-')) sections.push(pathname);
    else if (pathname.startsWith('/_sidebar/')) lists.push(pathname);
  });
  return { lists, sections };
}
