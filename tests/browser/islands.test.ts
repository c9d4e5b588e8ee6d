import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage, siteUrl } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Every script the page fetched, with its body. */
function recordScripts(page: import('playwright-core').Page): { url: string; body: Promise<Buffer> }[] {
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.body() });
  });
  return scripts;
}

describe('React islands', () => {
  it('fetches under 30 KB gzip of JavaScript before any interaction, and no React', async () => {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${siteUrl()}/docs/esignature-api/webhook/`, { waitUntil: 'networkidle' });
    const local = scripts.filter((script) => script.url.startsWith(siteUrl()));
    const gzipBytes = (await Promise.all(local.map((script) => script.body))).reduce(
      (sum, body) => sum + gzipSync(body).length,
      0,
    );
    expect(gzipBytes).toBeGreaterThan(500);
    expect(gzipBytes).toBeLessThan(30 * 1024);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-islands-hydrated'))).toBe(false);
    await context.close();
  });

  it('loads React on first intent (hover) and hydrates every island', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    const scripts = recordScripts(page);
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await page.hover('.color-mode-toggle');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-islands-hydrated'));
    expect(scripts.length).toBeGreaterThan(before);
    await expect
      .poll(() => page.locator('.color-mode-toggle').getAttribute('aria-label'))
      .toBe('Switch between dark and light mode (currently light mode)');
    await context.close();
  });

  it('does not lose a click made before React has loaded', async () => {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    // Hold the islands chunk back so the click certainly lands before hydration.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/chunk-.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      if (body.length > 50_000) await held;
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/docs/introduction/`);
    await page.dispatchEvent('.color-mode-toggle', 'click');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });

  it('opens the search modal with Ctrl+K before React has loaded, with the selected text as query', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    const heading = await page.locator('.markdown h1').textContent();
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('.markdown h1')!);
      getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-modal input');
    expect(await page.inputValue('.search-modal input')).toBe(heading);
    await context.close();
  });
});
