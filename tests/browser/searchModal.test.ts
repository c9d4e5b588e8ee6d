import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage, siteUrl } from '../helpers/browserPage.ts';
import { contentSwappedEvent } from '../../src/client/navigation/events.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const input = '.search-modal input[role="combobox"]';
async function openModal(page: Page): Promise<void> {
  page.setDefaultTimeout(8000);
  await page.keyboard.press('Control+k');
  await page.waitForSelector(input);
}
async function searchFor(page: Page, query: string): Promise<void> {
  await page.fill(input, query);
  await page.waitForFunction(
    (text) =>
      document.querySelector('.search-modal')?.getAttribute('data-query') === text ||
      document.querySelector(
        '.search-modal__grid:not([hidden]) .search-hit, .search-screen--no-results, .search-screen--error',
      ) !== null,
    query,
  );
}
const rowTexts = (page: Page) => page.locator('.search-modal [role="row"] .search-hit__title').allTextContents();
const rowIds = (page: Page) =>
  page.locator('.search-modal [role="row"]').evaluateAll((rows) => rows.map((row) => row.id));

/** Enter on the active hit of another page: the modal closes and navigation swaps the page in. */
async function chooseActiveHit(page: Page): Promise<void> {
  const swapped = page.evaluate(
    (event) => new Promise((resolve) => document.addEventListener(event, resolve, { once: true })),
    contentSwappedEvent,
  );
  await page.keyboard.press('Enter');
  await page.waitForSelector('.search-modal', { state: 'detached' });
  await swapped;
}

describe('search modal: opening and closing (local index)', () => {
  it('loads its code, settings and index only on intent, never with the page', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => path.startsWith('/search/'))).toEqual([]);
    await page.hover('.search-button');
    await page.waitForRequest((request) => request.url().endsWith('/search/settings.json'));
    expect(requests.some((path) => path.startsWith('/search/index/'))).toBe(false);
    await page.click('.search-button');
    await page.waitForSelector(input);
    await page.keyboard.type('webhook');
    await page.waitForSelector('.search-hit');
    expect(requests.some((path) => path.startsWith('/search/index/'))).toBe(true);
    await context.close();
  });

  it('shows the Search label and the Ctrl K hint, and opens with Ctrl+K and / but not / typed in a field', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    expect(await page.locator('.search-button').textContent()).toBe('SearchCtrlK');
    await openModal(page);
    expect(await page.locator('.search-modal [role="dialog"]').getAttribute('aria-modal')).toBe('true');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-modal', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-button');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('/');
    await page.waitForSelector(input);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal', { state: 'detached' });
    await page.goto(`${siteUrl()}/search/`);
    await page.focus('#search-page-input');
    await page.keyboard.press('/');
    expect(await page.inputValue('#search-page-input')).toBe('/');
    expect(await page.locator('.search-modal').count()).toBe(0);
    await context.close();
  });

  it('has the input, its 64-character limit, the clear control, Cancel and the key hints', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/', { viewport: { width: 700, height: 800 } });
    await page.click('.search-button');
    await page.waitForSelector(input);
    expect(await page.getAttribute(input, 'placeholder')).toBe('Search docs');
    expect(await page.getAttribute(input, 'maxlength')).toBe('64');
    await page.keyboard.type('x'.repeat(70));
    expect(await page.inputValue(input)).toHaveLength(64);
    await page.click('.search-box__reset');
    expect(await page.inputValue(input)).toBe('');
    expect(await page.locator('.search-box__reset').isVisible()).toBe(false);
    expect(await page.locator('.search-modal__commands').isVisible()).toBe(false);
    await page.click('.search-box__cancel');
    await page.waitForSelector('.search-modal', { state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openModal(page);
    expect(await page.locator('.search-box__cancel').isVisible()).toBe(false);
    expect(await page.locator('.search-modal__command').allTextContents()).toEqual([
      'to select',
      'to navigate',
      'to close',
    ]);
    await context.close();
  });

  it('prefills the query from the selected text, cut to 64 characters and selected', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await page.evaluate(() => {
      const paragraph = document.querySelector('.markdown p')!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      getSelection()!.addRange(range);
    });
    const selected = await page.evaluate(() => getSelection()!.toString().trim().replace(/\s+/g, ' '));
    expect(selected.length).toBeGreaterThan(64);
    await openModal(page);
    expect(await page.inputValue(input)).toBe(selected.slice(0, 64));
    expect(
      await page.evaluate((selector) => (document.querySelector(selector) as HTMLInputElement).selectionEnd, input),
    ).toBe(64);
    await context.close();
  });

  it('starts the query with a letter typed on the focused button, once', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await page.focus('.search-button');
    await page.waitForFunction(() =>
      document.querySelector('[data-island="SearchButton"]')?.hasAttribute('data-hydrated'),
    );
    await page.keyboard.type('w');
    await page.waitForSelector(input);
    await page.keyboard.type('ebhook');
    expect(await page.inputValue(input)).toBe('webhook');
    await context.close();
  });
});

describe('search modal: results (local index)', () => {
  it('groups hits under their lvl0, lower levels under their lvl1 parent, at most 5 per group', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await searchFor(page, 'webhook secret');
    const groups = await page.locator('.search-section__title').allTextContents();
    expect(groups.slice(0, 2)).toEqual(['API reference', 'eSignature API']);
    const perGroup = await page
      .locator('.search-section')
      .evaluateAll((sections) => sections.map((section) => section.querySelectorAll('[role="row"]').length));
    expect(Math.max(...perGroup)).toBeLessThanOrEqual(5);
    const first = page.locator('.search-section').first();
    expect(await first.locator('[role="row"]').first().locator('.search-hit__title').textContent()).toBe(
      'Webhook secret',
    );
    expect(await first.locator('.search-hit--child').count()).toBeGreaterThan(0);
    expect(await first.locator('mark').first().textContent()).toMatch(/webhook|secret/i);
    await context.close();
  });

  it('links to every result on the search page, with the query in q', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await searchFor(page, 'webhook');
    const link = page.locator('.search-modal__see-all a');
    expect(await link.textContent()).toMatch(/^See all \d+ results$/);
    expect(await link.getAttribute('href')).toBe('/search/?q=webhook');
    await link.click();
    await page.waitForURL('**/search/?q=webhook');
    await page.waitForSelector('.search-page__result');
    expect(await page.locator('.search-modal').count()).toBe(0);
    await context.close();
  });

  it('shows no-results help: the query, earlier groups to try, and where to report it', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await searchFor(page, 'webhook');
    await searchFor(page, 'zzqxj');
    await page.waitForSelector('.search-screen--no-results');
    expect(await page.locator('.search-screen--no-results .search-screen__title').textContent()).toBe(
      'No results for "zzqxj"',
    );
    const suggestions = await page.locator('.search-screen__suggestion').allTextContents();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    const report = page.locator('.search-screen--no-results a');
    expect(await report.evaluate((link) => link.parentElement!.textContent)).toBe(
      'Believe this query should return results? Let us know.',
    );
    expect(await report.getAttribute('href')).toContain('zzqxj');
    await page.locator('.search-screen__suggestion').first().click();
    expect(await page.inputValue(input)).toBe(`${suggestions[0].toLowerCase()} `);
    await page.waitForSelector('.search-hit');
    await context.close();
  });

  it('moves through hits with the arrows and opens the active one in place with Enter', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await openModal(page);
    await searchFor(page, 'pagination');
    const rows = await rowIds(page);
    const active = () => page.getAttribute(input, 'aria-activedescendant');
    await expect.poll(active).toBe(`${rows[0]}-0`);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(`${rows[1]}-0`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBeNull();
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe(`${rows.at(-1)}-0`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const href = await page.locator(`#${rows[0]} a`).getAttribute('href');
    await chooseActiveHit(page);
    expect(await page.evaluate(() => location.pathname + location.hash)).toBe(href);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await context.close();
  });

  it('opens a hit in a new tab with Ctrl+Enter or Ctrl+click, and stays open', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await searchFor(page, 'pagination');
    const rows = await rowIds(page);
    const href = await page.locator(`#${rows[0]} a`).getAttribute('href');
    const [viaKey] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await viaKey.waitForLoadState();
    expect(new URL(viaKey.url()).pathname + new URL(viaKey.url()).hash).toBe(href);
    const [viaClick] = await Promise.all([
      context.waitForEvent('page'),
      page.click(`#${rows[1]} a`, { modifiers: ['Control'] }),
    ]);
    await viaClick.waitForLoadState();
    expect(await page.locator('.search-modal').count()).toBe(1);
    await context.close();
  });

  it('keeps snippets to 10 words, or 5 at 768 px and narrower', async () => {
    const words = async (page: Page) => {
      const snippets = await page
        .locator('.search-hit__title')
        .evaluateAll((titles) =>
          titles.filter((title) => title.textContent!.includes('…')).map((title) => title.textContent!),
        );
      return Math.max(...snippets.map((text) => text.replace(/…/g, ' ').trim().split(/\s+/).length));
    };
    for (const [width, most] of [
      [1280, 10],
      [768, 5],
    ] as const) {
      const { page, context } = await openPage(browser, '/docs/introduction/', { viewport: { width, height: 900 } });
      await page.click('.search-button');
      await page.waitForSelector(input);
      await searchFor(page, 'signer');
      expect(await words(page)).toBeLessThanOrEqual(most + 1);
      expect(await words(page)).toBeGreaterThan(most - 3);
      await context.close();
    }
  });

  it('is accessible: a combobox driving a grid, without axe violations', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await searchFor(page, 'webhook');
    expect(await page.getAttribute(input, 'aria-controls')).toBe('search-modal-grid');
    expect(await page.getAttribute(input, 'aria-expanded')).toBe('true');
    const results = await new AxeBuilder({ page }).include('.search-modal').analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    ).toEqual([]);
    await context.close();
  });
});

describe('search modal: recent searches and favorites', () => {
  it('says there are no recent searches, then remembers a chosen hit, saves it as favorite, removes it', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    expect(await page.locator('.search-screen--start').textContent()).toBe('No recent searches');
    await searchFor(page, 'pagination');
    const title = await page.locator('.search-hit__title').first().textContent();
    await chooseActiveHit(page);
    await openModal(page);
    expect(await page.locator('.search-section__title').allTextContents()).toEqual(['Recent']);
    expect(await rowTexts(page)).toEqual([title]);
    await page.click('#search-recent-0 [title="Save this search"]');
    expect(await page.locator('.search-section__title').allTextContents()).toEqual(['Favorite']);
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute(input, 'aria-activedescendant')).toBe('search-favorite-0-1');
    await page.keyboard.press('Enter');
    expect(await page.locator('.search-screen--start').textContent()).toBe('No recent searches');
    expect(await page.evaluate(() => localStorage.getItem('__DOCSEARCH_FAVORITE_SEARCHES__local'))).toBe('[]');
    await context.close();
  });

  it('keeps 7 recent searches without favorites, 4 with, and 10 favorites', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    const hit = (n: number) => ({
      objectID: `/x/#${n}`,
      url: `/docs/faq/#n${n}`,
      type: 'lvl2',
      hierarchy: { lvl0: 'Docs', lvl1: 'FAQ', lvl2: `Question ${n}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
    });
    await page.evaluate(
      (recent) => localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local', JSON.stringify(recent)),
      [1, 2, 3, 4, 5, 6, 7].map(hit),
    );
    await page.evaluate(
      (favorites) => localStorage.setItem('__DOCSEARCH_FAVORITE_SEARCHES__local', JSON.stringify(favorites)),
      [],
    );
    await openModal(page);
    await searchFor(page, 'pagination');
    await chooseActiveHit(page);
    const stored = (key: string) => page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? '[]').length, key);
    expect(await stored('__DOCSEARCH_RECENT_SEARCHES__local')).toBe(7);
    await openModal(page);
    await page.click('#search-recent-3 [title="Save this search"]');
    expect(await page.locator('[aria-labelledby="search-section-recent"] [role="row"]').count()).toBe(4);
    expect(await stored('__DOCSEARCH_RECENT_SEARCHES__local')).toBe(4);
    await page.keyboard.press('Escape');
    await page.evaluate(
      (favorites) => localStorage.setItem('__DOCSEARCH_FAVORITE_SEARCHES__local', JSON.stringify(favorites)),
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map(hit),
    );
    await page.reload();
    await openModal(page);
    await page.click('#search-recent-0 [title="Save this search"]');
    expect(await stored('__DOCSEARCH_FAVORITE_SEARCHES__local')).toBe(10);
    await context.close();
  });

  it('warns once and remembers nothing when local storage is unavailable', async () => {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(`${siteUrl()}/docs/introduction/`);
    await openModal(page);
    await searchFor(page, 'pagination');
    await chooseActiveHit(page);
    await openModal(page);
    expect(await page.locator('.search-screen--start').textContent()).toBe('No recent searches');
    expect(warnings.filter((text) => text.includes('local storage is unavailable'))).toHaveLength(1);
    await context.close();
  });
});

describe('search modal: statuses', () => {
  it('turns stalled after 300 ms of loading, then shows the results', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await context.route(/\/search\/index\/.*\/p\d+\.bin$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    const started = Date.now();
    await page.fill(input, 'envelope');
    await page.waitForSelector('.search-modal--stalled .search-icon--spinner');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await page.waitForSelector('.search-hit');
    expect(await page.locator('.search-modal--stalled').count()).toBe(0);
    await context.close();
  });

  it('shows the error screen when the index cannot be fetched, and keeps it on screen', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await openModal(page);
    await context.route(/\/search\/index\//, (route) => route.abort('internetdisconnected'));
    await page.fill(input, 'signer');
    await page.waitForSelector('.search-screen--error');
    expect(await page.locator('.search-screen--error p').allTextContents()).toEqual([
      'Unable to fetch results',
      'You might want to check your network connection.',
    ]);
    await page.waitForTimeout(1000);
    expect(await page.locator('.search-screen--error').count()).toBe(1);
    await context.unroute(/\/search\/index\//);
    await page.fill(input, 'signers');
    await page.waitForSelector('.search-hit');
    await context.close();
  });
});
