import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('search page /search/?q= (local index)', () => {
  it('reads q and shows the count and every result: highlighted title, breadcrumb of levels, snippet', async () => {
    const { page, context } = await openPage(browser, '/search/?q=webhook');
    page.setDefaultTimeout(10_000);
    await page.waitForSelector('.search-page__result');
    expect(await page.locator('h1').textContent()).toBe('Search results for "webhook"');
    expect(await page.inputValue('#search-page-input')).toBe('webhook');
    const count = Number(
      (await page.locator('.search-page__count').textContent())!.match(/^(\d+) documents found$/)![1],
    );
    expect(count).toBeGreaterThan(40);
    expect(await page.locator('.search-page__result').count()).toBe(20);
    const first = page.locator('.search-page__result').first();
    expect(await first.locator('h2 a mark').first().textContent()).toMatch(/^webhook/i);
    expect(await first.locator('.search-page__breadcrumbs li').count()).toBeGreaterThan(0);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await page.fill('#search-page-input', 'retries');
    await expect.poll(() => page.locator('.search-page__snippet mark').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('loads the next 20 results as the reader scrolls to the end, or asks for them', async () => {
    const { page, context } = await openPage(browser, '/search/?q=webhook');
    page.setDefaultTimeout(10_000);
    await page.waitForSelector('.search-page__result');
    await page.locator('.search-page__more button').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.search-page__result').count()).toBe(40);
    await page.waitForTimeout(500);
    expect(await page.locator('.search-page__result').count()).toBe(40);
    // Clicking scrolls the button into view too: one more page, or two, never the same hits again.
    await page.click('.search-page__more button');
    await expect.poll(() => page.locator('.search-page__result').count()).toBeGreaterThanOrEqual(60);
    const keys = await page
      .locator('.search-page__result')
      .evaluateAll((items) => items.map((item) => item.textContent));
    expect(new Set(keys).size).toBe(keys.length);
    await context.close();
  });

  it('keeps the address in step with the query, and says when nothing was found', async () => {
    const { page, context } = await openPage(browser, '/search/');
    page.setDefaultTimeout(10_000);
    expect(await page.locator('h1').textContent()).toBe('Search the documentation');
    await page.fill('#search-page-input', 'embedded signing');
    await page.waitForURL('**/search/?q=embedded+signing');
    await page.waitForSelector('.search-page__result');
    expect(await page.locator('h1').textContent()).toBe('Search results for "embedded signing"');
    // Every state the page ever shows, as the DOM changes: the count never stands beside the
    // previous query's hits, not even for one render.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStates: string[] }).seenStates = seen;
      new MutationObserver(() => {
        const count = document.querySelector('.search-page__count')?.textContent;
        seen.push(`${count}|${document.querySelectorAll('.search-page__result').length}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.fill('#search-page-input', 'zzqxj');
    await page.waitForURL('**/search/?q=zzqxj');
    await expect.poll(() => page.locator('.search-page__count').textContent()).toBe('No results were found');
    expect(await page.locator('.search-page__result').count()).toBe(0);
    const states = await page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
    expect(states.filter((state) => state.startsWith('No results were found|') && !state.endsWith('|0'))).toEqual([]);
    await context.close();
  });

  it('says so when the index cannot be fetched', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    await context.route(/\/search\/index\//, (route) => route.abort('internetdisconnected'));
    await page.goto(page.url().replace('/docs/introduction/', '/search/?q=signer'));
    await page.waitForSelector('.search-page__status[role="alert"]');
    expect(await page.locator('.search-page__status').textContent()).toBe(
      'Unable to fetch results. You might want to check your network connection.',
    );
    await context.close();
  });
});
