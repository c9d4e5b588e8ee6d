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

describe('/api/: every operation has tabs of its own', () => {
  it('gives every element a different id', async () => {
    const { page, context } = await openPage(browser, '/api/');
    const repeated = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    });
    expect(repeated).toEqual([]);
    await context.close();
  });

  it('switches the samples of the fifth operation when its Python tab is clicked', async () => {
    const { page, context } = await openPage(browser, '/api/');
    const fifth = page.locator('.api-operation').nth(4);
    await fifth.scrollIntoViewIfNeeded();
    const group = fifth.locator('.api-operation__samples [data-tabs="code"]').first();
    const panel = (label: string) => group.locator(`:scope > [role="tabpanel"][data-label="${label}"]`);
    expect(await panel('Python').isVisible()).toBe(false);
    await group.locator('[role="tab"]', { hasText: 'Python' }).click();
    await expect.poll(() => panel('Python').isVisible()).toBe(true);
    expect(await panel('curl').isVisible()).toBe(false);
    expect(await group.locator('[role="tab"][aria-selected="true"]').textContent()).toBe('Python');
    // The tab names its own panel, and the panel its tab.
    const tabId = await group.locator('[role="tab"]', { hasText: 'Python' }).getAttribute('id');
    expect(await panel('Python').getAttribute('aria-labelledby')).toBe(tabId);
    await context.close();
  });
});
