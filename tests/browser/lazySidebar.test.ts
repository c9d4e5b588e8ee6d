import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { largeSidebarPages } from '../helpers/largeSidebarPages.ts';
import { writeLargeSite } from '../helpers/largeSite.ts';

const { site, open } = largeSidebarPages(writeLargeSite);

/** The sidebar's top-level items: a link's text, a category's label. */
const topLevel = (page: Page, sidebar = '.docs-sidebar .sidebar') =>
  page
    .locator(sidebar)
    .evaluate((nav) =>
      [...nav.querySelector('ul')!.children].map((item) => item.querySelector('a, span')!.textContent),
    );
/** Until the shared top-level list is in the sidebar. */
const completed = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.docs-sidebar [data-sidebar-sections]') === null);

const caret = (page: Page, id: string) => page.locator(`.docs-sidebar [aria-controls="${id}"]`);
const shown = (page: Page, title: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('.route-announcer')?.textContent === expected,
    `${title} | Fixture Docs`,
  );
const sidebarScroll = (page: Page) => page.locator('.docs-sidebar > .sidebar').evaluate((element) => element.scrollTop);
const currentPages = (page: Page) => page.locator('.docs-sidebar [aria-current="page"]').allTextContents();

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

/** Ids that occur more than once, and aria-controls that point at no element. */
const idProblems = (page: Page) =>
  page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    const dangling = [...document.querySelectorAll('[aria-controls]')]
      .map((element) => element.getAttribute('aria-controls')!)
      .filter((id) => !document.getElementById(id));
    return [...duplicates, ...dangling];
  });

describe('a large sidebar in the browser', () => {
  it("adds the other top-level items from one shared list, the page's own category open in its place", async () => {
    const { page, context, errors, sections } = await open('/docs/alpha/page-07/');
    await completed(page);
    expect(await topLevel(page)).toEqual(['Introduction', 'Guide', 'Alpha', 'Beta', 'Gamma']);
    expect(await caret(page, 'sidebar-alpha').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#sidebar-alpha > ul > li > a').count()).toBe(60);
    expect(await currentPages(page)).toEqual(['Alpha 07']);
    expect(await page.locator('.docs-sidebar a[href="/_sidebar/"]').count()).toBe(0);
    expect(sections).toHaveLength(1);
    expect(await idProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // Navigating keeps the completed sidebar: the shared list is not fetched again.
    const sidebar = await page.locator('.docs-sidebar').elementHandle();
    await page.click('.markdown a[href="/docs/gamma/page-05/"]');
    await shown(page, 'Gamma 05');
    expect(await sidebar!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await topLevel(page)).toEqual(['Introduction', 'Guide', 'Alpha', 'Beta', 'Gamma']);
    expect(await currentPages(page)).toEqual(['Gamma 05']);
    expect(sections).toHaveLength(1);
    // The page of all sections passes axe too.
    await page.goto(`${site.served.url}/_sidebar/`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the page’s own sidebar and its link to all sections when the shared list cannot be loaded', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    await context.route('**/_sidebar/sections-*/', (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/_sidebar/sections-'));
    await page.goto(`${site.served.url}/docs/alpha/page-07/`);
    await failed;
    expect(await topLevel(page)).toEqual(['Alpha', 'All sections']);
    await page.click('.markdown a[href="/docs/gamma/page-05/"]');
    await shown(page, 'Gamma 05');
    expect(await topLevel(page)).toEqual(['Gamma', 'All sections']);
    expect(await currentPages(page)).toEqual(['Gamma 05']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads a reader without scripts to every page: their category, then the page of all sections', async () => {
    const { page, context } = await open('/docs/alpha/page-07/', { javaScriptEnabled: false });
    expect(await topLevel(page)).toEqual(['Alpha', 'All sections']);
    expect(await page.locator('.docs-sidebar a[href="/docs/alpha/page-60/"]').isVisible()).toBe(true);
    await page.click('.docs-sidebar a[href="/_sidebar/"]');
    await page.locator('h1', { hasText: 'All sections' }).waitFor();
    expect(await page.locator('main a[href="/docs/beta/deep/page-30/"]').count()).toBe(1);
    await page.click('main a[href="/docs/gamma/page-30/"]');
    await page.locator('h1', { hasText: 'Gamma 30' }).waitFor();
    expect(await topLevel(page)).toEqual(['Gamma', 'All sections']);
    expect(await currentPages(page)).toEqual(['Gamma 30']);
    await context.close();
  });
});

describe('lazy sidebar categories in the browser', () => {
  it('expands a lazy category on a click at once and shows its links, fetching its list once', async () => {
    const { page, context, errors, lists } = await open('/docs/alpha/page-07/');
    const beta = caret(page, 'sidebar-beta');
    expect(await page.locator('#sidebar-beta a').count()).toBe(0);
    await beta.click();
    expect(await beta.getAttribute('aria-expanded')).toBe('true');
    expect(await beta.getAttribute('aria-label')).toBe("Collapse sidebar category 'Beta'");
    await page.locator('#sidebar-beta a[href="/docs/beta/page-40/"]').waitFor();
    expect(await page.locator('#sidebar-beta > ul > li > a').count()).toBe(40);
    expect(await page.locator('#sidebar-beta a[href="/docs/beta/deep/"]').isVisible()).toBe(true);
    await beta.click();
    expect(await page.locator('#sidebar-beta a[href="/docs/beta/page-01/"]').isVisible()).toBe(false);
    await beta.click();
    expect(await page.locator('#sidebar-beta a[href="/docs/beta/page-01/"]').isVisible()).toBe(true);
    // A sub-category of a loaded list is lazy in turn.
    await caret(page, 'sidebar-beta/deep').click();
    await page.locator('[id="sidebar-beta/deep"] a[href="/docs/beta/deep/page-30/"]').waitFor();
    expect(lists).toEqual(['/_sidebar/beta/', '/_sidebar/beta/deep/']);
    expect(await idProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('expands and collapses a lazy category from the keyboard', async () => {
    const { page, context } = await open('/docs/alpha/page-07/');
    const gamma = caret(page, 'sidebar-gamma');
    await gamma.focus();
    await page.keyboard.press('Enter');
    expect(await gamma.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#sidebar-gamma a[href="/docs/gamma/page-05/"]').waitFor();
    await page.keyboard.press('Space');
    expect(await gamma.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#sidebar-gamma a[href="/docs/gamma/page-05/"]').isVisible()).toBe(false);
    await page.keyboard.press('Space');
    expect(await page.locator('#sidebar-gamma a[href="/docs/gamma/page-05/"]').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/docs/gamma/page-01/');
    await context.close();
  });

  it('leaves a category collapsed when its list fails to load, and its link still leads to its page, opened there', async () => {
    const { page, context, errors } = await open('/docs/alpha/page-07/');
    await context.route('**/_sidebar/beta/', (route) => route.abort());
    const beta = caret(page, 'sidebar-beta');
    await beta.click();
    await expect.poll(() => beta.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#sidebar-beta').getAttribute('data-sidebar-src')).toBe('/_sidebar/beta/');
    await page.click('.docs-sidebar a[href="/docs/beta/"]');
    await shown(page, 'Beta overview');
    expect(await beta.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#sidebar-beta a[href="/docs/beta/page-12/"]').isVisible()).toBe(true);
    expect(await currentPages(page)).toEqual(['Beta']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tries a failed list again on the next opening: a not-found page or a network error is not a list', async () => {
    const { page, context, lists } = await open('/docs/alpha/page-07/');
    const gamma = caret(page, 'sidebar-gamma');
    await context.route('**/_sidebar/gamma/', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'text/html',
        body: '<!DOCTYPE html><html><body><a href="/">Home</a></body></html>',
      }),
    );
    await gamma.click();
    await expect.poll(() => gamma.getAttribute('aria-expanded')).toBe('false');
    await context.unroute('**/_sidebar/gamma/');
    await context.route('**/_sidebar/gamma/', (route) => route.abort());
    await gamma.click();
    await expect.poll(() => gamma.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#sidebar-gamma a').count()).toBe(0);
    await context.unroute('**/_sidebar/gamma/');
    await gamma.click();
    await page.locator('#sidebar-gamma a[href="/docs/gamma/page-30/"]').waitFor();
    expect(await gamma.getAttribute('aria-expanded')).toBe('true');
    expect(lists).toEqual(['/_sidebar/gamma/', '/_sidebar/gamma/', '/_sidebar/gamma/']);
    await context.close();
  });

  it('keeps the sidebar and its scroll position when navigating into another category, marking the new page', async () => {
    const { page, context, errors } = await open('/docs/alpha/page-07/');
    const sidebar = await page.locator('.docs-sidebar').elementHandle();
    await caret(page, 'sidebar-gamma').click();
    const target = page.locator('#sidebar-gamma a[href="/docs/gamma/page-20/"]');
    await target.waitFor();
    await target.scrollIntoViewIfNeeded();
    const scrolled = await sidebarScroll(page);
    expect(scrolled).toBeGreaterThan(500);
    await target.click();
    await shown(page, 'Gamma 20');
    expect(await sidebar!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await sidebarScroll(page)).toBe(scrolled);
    expect(await currentPages(page)).toEqual(['Gamma 20']);
    expect(await target.getAttribute('class')).toBe('menu__link menu__link--active');
    // What the reader opened stays open.
    expect(await caret(page, 'sidebar-alpha').getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills in the lists the new page brings when navigating into a category not loaded yet', async () => {
    const { page, context, errors, lists } = await open('/docs/alpha/page-07/');
    const sidebar = await page.locator('.docs-sidebar').elementHandle();
    await page.click('.markdown a[href="/docs/beta/deep/page-03/"]');
    await shown(page, 'Deep 03');
    expect(await sidebar!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await page.locator('#sidebar-beta').getAttribute('data-sidebar-src')).toBeNull();
    expect(await page.locator('#sidebar-beta > ul > li > a').count()).toBe(40);
    expect(await page.locator('[id="sidebar-beta/deep"] > ul > li > a').count()).toBe(30);
    expect(await caret(page, 'sidebar-beta').getAttribute('aria-expanded')).toBe('true');
    expect(await caret(page, 'sidebar-beta/deep').getAttribute('aria-expanded')).toBe('true');
    expect(await currentPages(page)).toEqual(['Deep 03']);
    expect(await page.locator('.docs-sidebar a[href="/docs/alpha/page-07/"]').getAttribute('class')).toBe('menu__link');
    expect(lists).toEqual([]);
    expect(await idProblems(page)).toEqual([]);
    // And back: the page before is marked again, the lists stay.
    await page.goBack();
    await shown(page, 'Alpha 07');
    expect(await currentPages(page)).toEqual(['Alpha 07']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads lazy categories in the mobile menu, with ids of its own', async () => {
    const { page, context, errors } = await open('/docs/alpha/page-07/', { viewport: { width: 800, height: 900 } });
    await page.click('.navbar__toggle');
    const menu = page.locator('.mobile-menu__secondary');
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe('Alpha 07');
    const beta = menu.locator('[aria-controls="mobile-sidebar-beta"]');
    await beta.click();
    expect(await beta.getAttribute('aria-expanded')).toBe('true');
    await menu.locator('[id="mobile-sidebar-beta"] a[href="/docs/beta/page-05/"]').waitFor();
    await menu.locator('[aria-controls="mobile-sidebar-beta/deep"]').click();
    await menu.locator('[id="mobile-sidebar-beta/deep"] a[href="/docs/beta/deep/page-02/"]').waitFor();
    expect(await idProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await menu.locator('a[href="/docs/beta/deep/page-02/"]').click();
    await shown(page, 'Deep 02');
    expect(await page.locator('.mobile-menu__panel').isVisible()).toBe(false);
    await page.click('.navbar__toggle');
    expect(await menu.locator('[aria-current="page"]').textContent()).toBe('Deep 02');
    expect(errors).toEqual([]);
    await context.close();
  });
});
