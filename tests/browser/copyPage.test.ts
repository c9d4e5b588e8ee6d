import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage, siteUrl } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Copy page as Markdown', () => {
  it('puts the page’s Markdown twin on the clipboard, from the keyboard, and says so', async () => {
    const { page, context, errors } = await openPage(browser, '/docs/esignature-api/webhook/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl() });
    const button = page.getByRole('button', { name: 'Copy page as Markdown' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.doc-actions__status').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await (await fetch(`${siteUrl()}/docs/esignature-api/webhook/index.md`)).text();
    expect(copied).toBe(twin);
    expect(copied.startsWith('# Webhooks\n')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says it failed when the clipboard refuses, leaving the link to the Markdown', async () => {
    const { page, context } = await openPage(browser, '/docs/esignature-api/webhook/');
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect.poll(() => page.locator('.doc-actions__status').textContent()).toMatch(/Could not copy/);
    expect(await page.getByRole('link', { name: 'View as Markdown' }).getAttribute('href')).toBe(
      '/docs/esignature-api/webhook/index.md',
    );
    await context.close();
  });
});
