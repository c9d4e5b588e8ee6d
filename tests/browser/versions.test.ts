import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { servedBuild, type ServedBuild } from '../helpers/servedBuild.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { versionedFixtureSite } from '../helpers/versionedSite.ts';

let browser: Browser;
let served: ServedBuild;
let url: string;

beforeAll(async () => {
  browser = await launchChromium();
  served = await servedBuild(versionedFixtureSite);
  ({ url } = served);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function open(route: string, options: { width?: number; dark?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.dark ? 'dark' : 'light',
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (request) => request.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url + route);
  return { context, page, errors };
}

const menu = '.navbar [data-version-dropdown]';
const versions = (page: Page) =>
  page
    .locator(`${menu} [data-docs-version]`)
    .evaluateAll((links) =>
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]),
    );
const choose = async (page: Page, label: string) => {
  await page.click(`${menu} .dropdown__toggle`);
  await page.click(`${menu} .dropdown__menu a:text-is("${label}")`);
};
const at = (page: Page, route: string) => page.waitForURL(url + route);
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'));

describe('versioned docs in a browser', () => {
  it('an older page: banner to the latest same page, canonical to it, a menu of every version', async () => {
    const { page, context, errors } = await open('/docs/1.0/intro/');
    const banner = page.locator('[data-version-banner]');
    expect(await banner.textContent()).toContain('version 1.0, which is no longer the latest');
    expect(await banner.locator('a').getAttribute('href')).toBe('/docs/intro/');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      'https://docs.fixture.example/docs/intro/',
    );
    expect(await page.locator(`${menu} .dropdown__toggle`).textContent()).toBe('1.0');
    expect(await versions(page)).toEqual([
      ['v2.0.0', '/docs/intro/', null],
      ['1.0', '/docs/1.0/intro/', 'true'],
    ]);
    await page.screenshot({ path: path.join(os.tmpdir(), 'docsgen-versions-older-1280-light.png') });
    // The current version: no banner, its own canonical.
    await page.goto(`${url}/docs/intro/`);
    expect(await page.locator('[data-version-banner]').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      'https://docs.fixture.example/docs/intro/',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a page only the old version has: the menu and the banner lead to the latest version's first page", async () => {
    const { page, context } = await open('/docs/1.0/guide/step/');
    expect(await versions(page)).toEqual([
      ['v2.0.0', '/docs/intro/', null],
      ['1.0', '/docs/1.0/guide/step/', 'true'],
    ]);
    expect(await page.locator('[data-version-banner] a').textContent()).toBe('go to its documentation');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      'https://docs.fixture.example/docs/1.0/guide/step/',
    );
    await context.close();
  });

  it('switches to the same page, remembers the choice, and pages the versions share follow it', async () => {
    const { page, context, errors } = await open('/docs/intro/');
    await choose(page, '1.0');
    await at(page, '/docs/1.0/intro/');
    expect(await stored(page)).toBe('1.0');
    // The navbar came along with the in-site navigation: the menu is 1.0's.
    expect(await page.locator(`${menu} .dropdown__toggle`).textContent()).toBe('1.0');
    expect(await page.locator('[data-version-banner]').isVisible()).toBe(true);
    // The home page is shared: its docs link and menu follow the stored choice, across in-site navigation.
    await page.click('.navbar__brand');
    await at(page, '/');
    expect(await page.locator(`${menu} .dropdown__toggle`).textContent()).toBe('1.0');
    await page.click('.navbar a.navbar__link:text-is("View Docs")');
    await at(page, '/docs/1.0/intro/');
    // A full load of the home page reads the choice too.
    await page.goto(`${url}/`);
    expect(await page.locator('.navbar a.navbar__link:text-is("View Docs")').getAttribute('href')).toBe(
      '/docs/1.0/intro/',
    );
    // Back to the latest: chosen in the menu of an old page, remembered as `current`.
    await page.goto(`${url}/docs/1.0/guide/`);
    await choose(page, 'v2.0.0');
    await at(page, '/docs/guide/');
    expect(await stored(page)).toBe('current');
    expect(await page.locator('[data-version-banner]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the API reference of an older version has its banner, canonical and menu', async () => {
    const { page, context } = await open('/api/1.0/', { width: 996, dark: true });
    expect(await page.locator('[data-version-banner] a').getAttribute('href')).toBe('/api/');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.fixture.example/api/');
    await page.screenshot({ path: path.join(os.tmpdir(), 'docsgen-versions-older-api-996-dark.png') });
    await context.close();
  });

  describe('contextual search answers from the version being read (local index)', () => {
    const input = '.search-modal input[role="combobox"]';
    /** The modal's hit links for a query, once it has answered (hits or the no-results screen). */
    const modalHits = async (page: Page, query: string) => {
      await page.fill(input, query);
      // Answered: the no-results screen names the query, or a hit highlights it.
      await page.waitForFunction(
        (text) =>
          document.querySelector('.search-screen--no-results strong')?.textContent === text ||
          [...document.querySelectorAll('.search-modal .search-hit mark')].some(
            (mark) => mark.textContent!.toLowerCase() === text,
          ),
        query,
      );
      return page
        .locator('.search-modal .search-hit__link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    };
    const pageHits = async (page: Page, query: string) => {
      await page.goto(`${url}/search/?q=${query}`);
      await page.waitForSelector('.search-page__count');
      return page
        .locator('.search-page__result-title a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    };

    it('the modal: an older page finds only its version, a current page only the current one', async () => {
      const { page, context, errors } = await open('/docs/1.0/intro/');
      await page.keyboard.press('Control+k');
      await page.waitForSelector(input);
      const older = await modalHits(page, 'widgets');
      expect(older.length).toBeGreaterThan(0);
      expect(older.every((href) => href!.startsWith('/docs/1.0/intro/'))).toBe(true);
      expect(await modalHits(page, 'sprockets')).toEqual([]);
      await page.goto(`${url}/docs/intro/`);
      await page.keyboard.press('Control+k');
      await page.waitForSelector(input);
      const current = await modalHits(page, 'sprockets');
      expect(current.length).toBeGreaterThan(0);
      expect(current.every((href) => href!.startsWith('/docs/intro/'))).toBe(true);
      expect(await modalHits(page, 'widgets')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('/search/, shared by the versions, answers from the version the reader chose', async () => {
      const { page, context, errors } = await open('/');
      await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', '1.0'));
      const older = await pageHits(page, 'widgets');
      expect(older.length).toBeGreaterThan(0);
      expect(older.every((href) => href!.startsWith('/docs/1.0/intro/'))).toBe(true);
      expect(await pageHits(page, 'sprockets')).toEqual([]);
      expect(await page.locator('.search-page__count').textContent()).toBe('No results were found');
      await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'current'));
      const current = await pageHits(page, 'sprockets');
      expect(current.length).toBeGreaterThan(0);
      expect(current.every((href) => href!.startsWith('/docs/intro/'))).toBe(true);
      expect(await pageHits(page, 'widgets')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
