import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage, siteUrl } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const titles = {
  faq: 'FAQ | Acme Sign Developers',
  introduction: 'Introduction | Acme Sign Developers',
  quickStart: 'Quick start | Acme Sign Developers',
  api: 'API reference | Acme Sign Developers',
};

/** A context whose requests reach only the local site, prepared (init scripts, routes) before the first page opens. */
async function newSiteContext(
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await prepare?.(context);
  return { context, page: await context.newPage() };
}

/** Set before a navigation; still there afterwards only if the page was not reloaded. */
const setMarker = (page: Page) =>
  page.evaluate(() => ((window as unknown as { navigationMarker?: string }).navigationMarker = 'kept'));
const marker = (page: Page) =>
  page.evaluate(() => (window as unknown as { navigationMarker?: string }).navigationMarker);

/** Resolves once navigation has shown the page with this title (the live region announces it last). */
const shown = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.querySelector('.route-announcer')?.textContent === expected, title);

const pageHtml = (route: string) => readFile(path.join(inject('siteDir'), route, 'index.html'), 'utf8');

describe('in-site navigation', () => {
  it('swaps the content in place: URL, title, head tags, sidebar, breadcrumbs and TOC, focus and announcement', async () => {
    const { page, context, errors } = await openPage(browser, '/docs/introduction/');
    await setMarker(page);
    const sidebar = await page.locator('.docs-sidebar').elementHandle();
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    await page.click('.docs-sidebar a[href="/docs/faq/"]');
    await shown(page, titles.faq);
    expect(page.url()).toBe(`${siteUrl()}/docs/faq/`);
    expect(await marker(page)).toBe('kept');
    expect(await page.title()).toBe(titles.faq);
    expect(await page.locator('.markdown h1').textContent()).toBe('FAQ');
    const html = await pageHtml('docs/faq');
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1];
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(description);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/docs\/faq\/$/);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toMatch(/\/docs\/faq\/$/);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    // The sidebar is the same element, now marking the new page.
    expect(await sidebar!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allTextContents()).toEqual(['FAQ']);
    expect(await page.locator('.breadcrumbs [aria-current="page"]').textContent()).toBe('FAQ');
    const tocIds = await page
      .locator('.toc--desktop .toc__link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).hash.slice(1)));
    expect(tocIds).toContain('webhooks');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docsgen_content');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the navbar islands, the colour mode and anything on the body (an open search modal) across layouts', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await page.click('.color-mode-toggle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.evaluate(() => {
      const modal = document.createElement('div');
      modal.className = 'test-search-modal';
      document.body.append(modal);
      document.body.classList.add('test-modal-open');
      (document.querySelector('.color-mode-toggle') as HTMLElement & { kept?: boolean }).kept = true;
    });
    await setMarker(page);
    await page.click('.breadcrumbs a[href="/"]');
    await shown(page, 'Acme Sign Developers');
    expect(await page.locator('.hero').count()).toBe(1);
    expect(
      await page.evaluate(
        () => document.body.classList.contains('page-home') && !document.body.classList.contains('page-doc'),
      ),
    ).toBe(true);
    expect(await page.locator('#mobile-menu').getAttribute('data-secondary')).toBe('none');
    await page.click('.home-cards a.card >> nth=0');
    await page.waitForFunction(() => document.body.classList.contains('page-doc'));
    await page.waitForFunction(() => document.activeElement?.id === '__docsgen_content');
    expect(await marker(page)).toBe('kept');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(
      await page.evaluate(
        () => (document.querySelector('.color-mode-toggle') as HTMLElement & { kept?: boolean }).kept,
      ),
    ).toBe(true);
    expect(
      await page.evaluate(
        () =>
          document.body.classList.contains('test-modal-open') && document.querySelector('.test-search-modal') !== null,
      ),
    ).toBe(true);
    expect(await page.locator('.navbar a.navbar__link--active').textContent()).toBe('View Docs');
    await page.click('.color-mode-toggle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });

  it('restores page and scroll position on back and forward', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    await setMarker(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(250);
    await page.click('.docs-sidebar a[href="/docs/faq/"]');
    await shown(page, titles.faq);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForTimeout(250);
    await page.goBack();
    await shown(page, titles.quickStart);
    expect(page.url()).toBe(`${siteUrl()}/docs/quick-start/`);
    expect(await page.locator('.markdown h1').textContent()).toBe('Quick start');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await page.goForward();
    await shown(page, titles.faq);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    expect(await marker(page)).toBe('kept');
    await context.close();
  });

  it('scrolls to the hash target of the new page', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    await setMarker(page);
    await page.locator('.markdown a[href="/docs/introduction/#bundle-status"]').first().click();
    await shown(page, titles.introduction);
    expect(page.url()).toBe(`${siteUrl()}/docs/introduction/#bundle-status`);
    const top = await page.locator('#bundle-status').evaluate((heading) => heading.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(60);
    expect(top).toBeLessThan(100);
    expect(await marker(page)).toBe('kept');
    await context.close();
  });

  it('runs the per-page behaviours again for the new content: code tabs, TOC highlight, mobile sidebar', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    await page.click('.docs-sidebar a[href="/docs/quick-start/"]');
    await shown(page, titles.quickStart);
    await page.locator('.tabs__tab[data-label="PHP"]').first().click();
    const selected = await page
      .locator('[data-tabs="code"]')
      .evaluateAll((groups) =>
        groups.map((group) => group.querySelector('.tabs__tab[aria-selected="true"]')?.getAttribute('data-label')),
      );
    expect(selected.filter((label) => label === 'PHP').length).toBeGreaterThan(1);
    const middle = await page
      .locator('.toc--desktop .toc__link')
      .nth(3)
      .evaluate((link) => (link as HTMLAnchorElement).hash.slice(1));
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), middle);
    await page.waitForFunction(
      (id) => document.querySelector('.toc--desktop .toc__link--active')?.getAttribute('href') === `#${id}`,
      middle,
    );
    await page.setViewportSize({ width: 800, height: 800 });
    await page.click('.navbar__toggle');
    expect(await page.locator('.mobile-menu__secondary [aria-current="page"]').textContent()).toBe('Quick start');
    await page.locator('.mobile-menu__secondary a[href="/docs/faq/"]').click();
    await shown(page, titles.faq);
    expect(await page.locator('.mobile-menu__panel').isVisible()).toBe(false);
    await page.goBack();
    await shown(page, titles.quickStart);
    await context.close();
  });

  it('shows the progress bar only for loads over 200 ms', async () => {
    const target = '/docs/libraries/';
    // Fetches ahead of the click fail (so nothing is cached); the click's own load takes 1 s.
    let slow = false;
    const { page, context } = await newSiteContext({}, (context) =>
      context.route(`**${target}`, async (route) => {
        if (!slow) return route.abort();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return route.continue();
      }),
    );
    await page.goto(`${siteUrl()}/docs/faq/`);
    const watchBar = () =>
      page.evaluate(() => {
        const record: { at: number; state: string }[] = [];
        (window as unknown as { progress: typeof record }).progress = record;
        const bar = document.querySelector<HTMLElement>('.route-progress')!;
        new MutationObserver(() => record.push({ at: performance.now(), state: bar.dataset.state ?? '' })).observe(
          bar,
          { attributes: true },
        );
        document.addEventListener('click', () => record.push({ at: performance.now(), state: 'click' }), {
          capture: true,
          once: true,
        });
      });
    const progress = () =>
      page.evaluate(() => (window as unknown as { progress: { at: number; state: string }[] }).progress);

    await page.hover('.docs-sidebar a[href="/docs/introduction/"]');
    await page.waitForLoadState('networkidle');
    await watchBar();
    await page.click('.docs-sidebar a[href="/docs/introduction/"]');
    await shown(page, titles.introduction);
    await page.waitForTimeout(300);
    expect((await progress()).map((entry) => entry.state)).toEqual(['click']);

    await watchBar();
    slow = true;
    await page.click(`.docs-sidebar a[href="${target}"]`);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('.route-progress')?.dataset.state === 'loading',
    );
    expect(await page.locator('.route-progress').evaluate((bar) => getComputedStyle(bar).opacity)).toBe('1');
    await shown(page, 'Libraries and tools | Acme Sign Developers');
    const [click, loading, done] = await progress();
    expect([click.state, loading.state, done.state]).toEqual(['click', 'loading', 'done']);
    expect(loading.at - click.at).toBeGreaterThanOrEqual(195);
    await context.close();
  });

  it('shows a red box with the error and a Retry button when content fails to load, and Retry recovers', async () => {
    const target = '/docs/how-to-guides/';
    let answer: 'fail' | 'slow' = 'fail';
    const { page, context } = await newSiteContext({}, (context) =>
      context.route(`**${target}`, async (route) => {
        if (answer === 'fail') return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
        await new Promise((resolve) => setTimeout(resolve, 600));
        return route.continue();
      }),
    );
    await page.goto(`${siteUrl()}/docs/faq/`);
    await setMarker(page);
    await page.click(`.docs-sidebar a[href="${target}"]`);
    const box = page.locator('#__docsgen_content .content-error');
    await box.waitFor();
    expect(await box.getAttribute('role')).toBe('alert');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Retry');
    expect(await box.locator('.content-error__message').textContent()).toBe(
      `${target} answered 500 Internal Server Error`,
    );
    expect(await box.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe('rgb(211, 47, 47)');
    expect(page.url()).toBe(`${siteUrl()}${target}`);
    expect(await marker(page)).toBe('kept');

    answer = 'slow';
    await page.click('.content-error__retry');
    await page.locator('#__docsgen_content .content-loading').waitFor();
    await shown(page, 'How-to guides | Acme Sign Developers');
    expect(await page.locator('.content-error, .content-loading').count()).toBe(0);
    expect(await page.locator('.markdown h1').textContent()).toBe('How-to guides');
    expect(await marker(page)).toBe('kept');
    await context.close();
  });

  it('loads the whole page when the route cannot be prepared (route manifest unavailable)', async () => {
    const { page, context } = await newSiteContext({}, (context) =>
      context.route('**/routes.json', (route) => route.fulfill({ status: 503, body: '' })),
    );
    await page.goto(`${siteUrl()}/docs/faq/`);
    await setMarker(page);
    await page.click('.docs-sidebar a[href="/docs/introduction/"]');
    await page.waitForURL(`${siteUrl()}/docs/introduction/`);
    await page.waitForLoadState('load');
    expect(await page.locator('.markdown h1').textContent()).toBe('Introduction');
    expect(await marker(page)).toBeUndefined();
    await context.close();
  });

  it.each([
    ['data saver on', { saveData: true, effectiveType: '4g' }],
    ['a 2g connection', { saveData: false, effectiveType: '2g' }],
    ['a slow-2g connection', { saveData: false, effectiveType: 'slow-2g' }],
  ])('fetches nothing ahead of time with %s', async (_name, connection) => {
    const { page, context } = await newSiteContext({}, (context) =>
      context.addInitScript(
        (value) => Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value }),
        connection,
      ),
    );
    // Pages fetched by script; the route manifest (1 KB, needed by every click) is not a page.
    const fetched: string[] = [];
    page.on(
      'request',
      (request) =>
        request.resourceType() === 'fetch' &&
        !request.url().endsWith('/routes.json') &&
        fetched.push(new URL(request.url()).pathname),
    );
    await page.goto(`${siteUrl()}/docs/faq/`, { waitUntil: 'networkidle' });
    await page.hover('.docs-sidebar a[href="/docs/introduction/"]');
    await page.focus('.docs-sidebar a[href="/docs/quick-start/"]');
    await page.waitForTimeout(400);
    expect(fetched).toEqual([]);
    await page.click('.docs-sidebar a[href="/docs/introduction/"]');
    await shown(page, titles.introduction);
    expect(fetched).toContain('/docs/introduction/');
    await context.close();
  });

  it('fetches pages ahead of time on a fast connection: links in view, then on hover', async () => {
    const { page, context } = await newSiteContext();
    const fetched: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'fetch' && fetched.push(new URL(request.url()).pathname),
    );
    await page.goto(`${siteUrl()}/docs/faq/`, { waitUntil: 'networkidle' });
    await expect.poll(() => fetched.includes('/docs/introduction/')).toBe(true);
    expect(fetched).not.toContain('/docs/faq/');
    const before = fetched.length;
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/docs/faq.html', textContent: 'FAQ again' });
      document.querySelector('.markdown')!.prepend(link);
    });
    await page.hover('.markdown a[href="/docs/faq.html"]');
    await page.waitForTimeout(200);
    expect(fetched.slice(before)).not.toContain('/docs/faq/');
    await context.close();
  });

  it('works without JavaScript: links are plain page loads', async () => {
    const { page, context } = await newSiteContext({ javaScriptEnabled: false });
    await page.goto(`${siteUrl()}/docs/faq/`);
    await page.click('.docs-sidebar a[href="/docs/introduction/"]');
    await page.waitForURL(`${siteUrl()}/docs/introduction/`);
    expect(await page.title()).toBe(titles.introduction);
    await context.close();
  });
});

describe('.html paths are normalised', () => {
  it('by the server: a redirect to the clean URL', async () => {
    for (const [from, to] of [
      ['/docs/faq.html', '/docs/faq/'],
      ['/docs/faq/index.html', '/docs/faq/'],
      ['/index.html', '/'],
      ['/docs/faq.html?x=1', '/docs/faq/?x=1'],
    ]) {
      const response = await fetch(siteUrl() + from, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
  });

  it('by the runtime: the address bar loses index.html', async () => {
    const html = await pageHtml('docs/faq');
    const { page, context } = await newSiteContext({}, (context) =>
      context.route('**/docs/faq/index.html', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: html }),
      ),
    );
    await page.goto(`${siteUrl()}/docs/faq/index.html#webhooks`);
    expect(await page.evaluate(() => location.pathname + location.hash)).toBe('/docs/faq/#webhooks');
    await setMarker(page);
    await page.click('.docs-sidebar a[href="/docs/introduction/"]');
    await shown(page, titles.introduction);
    await page.goBack();
    await shown(page, titles.faq);
    expect(page.url()).toBe(`${siteUrl()}/docs/faq/#webhooks`);
    expect(await marker(page)).toBe('kept');
    await context.close();
  });

  it('by 404.html: a host serving it for /docs/faq.html lands on /docs/faq/', async () => {
    const notFound = await readFile(path.join(inject('siteDir'), '404.html'), 'utf8');
    const { page, context } = await newSiteContext({}, (context) =>
      context.route(/\.html$/, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: notFound })),
    );
    await page.goto(`${siteUrl()}/docs/faq.html`);
    await shown(page, titles.faq);
    expect(page.url()).toBe(`${siteUrl()}/docs/faq/`);
    expect(await page.locator('.markdown h1').textContent()).toBe('FAQ');
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('FAQ');

    await page.goto(`${siteUrl()}/docs/no-such-page.html`);
    await page.waitForURL(`${siteUrl()}/docs/no-such-page/`);
    expect(await page.locator('main h1').textContent()).toBe('Page Not Found');
    await context.close();
  });
});
