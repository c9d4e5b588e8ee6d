import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axeViolations.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function pageIn(theme: 'light' | 'dark', route: string, width = 1280) {
  const opened = await openPage(browser, route, { viewport: { width, height: 900 } });
  await opened.page.evaluate((mode) => {
    localStorage.setItem('theme', mode);
    document.documentElement.dataset.theme = mode;
  }, theme);
  return opened;
}

describe('axe-core: no serious or critical violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    // Every rule on /api/'s 1 MB takes a minute on an idle machine.
    it.each(['/', '/docs/esignature-api/webhook/', '/api/', '/search/?q=webhook', '/docs/no-such-page/'])(
      `%s in ${theme}`,
      { timeout: 600_000 },
      async (route) => {
        const { page, context } = await pageIn(theme, route);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      },
    );

    it(`the mobile menu in ${theme}`, { timeout: 120_000 }, async () => {
      const { page, context } = await pageIn(theme, '/docs/faq/', 800);
      await page.click('.navbar__toggle');
      await page.waitForSelector('.mobile-menu__panel');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`the search modal with results in ${theme}`, { timeout: 120_000 }, async () => {
      const { page, context } = await pageIn(theme, '/docs/faq/');
      await page.keyboard.press('Control+k');
      await page.fill('.search-modal input[role="combobox"]', 'webhook');
      await page.waitForSelector('.search-modal .search-hit');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe('keyboard only', () => {
  it('reaches the navbar items in order with Tab', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    const focused: string[] = [];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(
          () =>
            (document.activeElement?.textContent ?? '').trim() ||
            document.activeElement?.getAttribute('aria-label') ||
            '',
        ),
      );
    }
    const order = [
      'Skip to main content',
      'API 2.9.0 is out',
      'Close announcement',
      'Acme Sign Developers',
      'View Docs',
      'v2.9.0',
      'Help',
      'GitHub',
    ];
    const start = focused.indexOf('Skip to main content');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(focused.slice(start, start + order.length).map((text, i) => text.startsWith(order[i]))).toEqual(
      order.map(() => true),
    );
    await context.close();
  });

  it('opens the version menu and follows a link with the keyboard', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    await page.focus('.navbar .dropdown__toggle');
    await page.keyboard.press('Enter');
    expect(await page.locator('.navbar .dropdown__toggle').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.locator('.navbar .dropdown__toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown__toggle'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('v2.9.0');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Focus left the menu: it closed behind it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Help');
    expect(await page.locator('.navbar .dropdown__toggle').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('v2.9.0');
    // The version's link leads to the same page in that version (#27): Enter follows it.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.keyboard.press('Enter');
    await expect.poll(() => navigations.length).toBeGreaterThan(0);
    expect(new URL(navigations.at(-1)!).pathname).toBe('/docs/faq/');
    await context.close();
  });

  it('expands and collapses a sidebar category and follows a sidebar link', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    const caret = page.locator('.docs-sidebar .menu__caret').first();
    await caret.focus();
    const before = await caret.getAttribute('aria-expanded');
    await page.keyboard.press('Enter');
    expect(await caret.getAttribute('aria-expanded')).not.toBe(before);
    await page.keyboard.press('Space');
    expect(await caret.getAttribute('aria-expanded')).toBe(before);
    await page.locator('.docs-sidebar a', { hasText: 'Quick start' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/quick-start/');
    await context.close();
  });

  it('moves between code tabs with the arrow keys, Home and End', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    const tabs = page.locator('[data-tabs="code"]').first().locator('.tabs__tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await tabs.nth(1).textContent());
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await tabs.last().textContent());
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await tabs.first().textContent());
    await context.close();
  });

  it('opens and closes the mobile menu with the keyboard, focus returning to the toggle', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/', { viewport: { width: 800, height: 800 } });
    await page.focus('.navbar__toggle');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.mobile-menu__panel');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('mobile-menu__close');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('navbar__toggle');
    await context.close();
  });
});
