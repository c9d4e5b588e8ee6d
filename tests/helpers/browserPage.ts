import { inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export const siteUrl = () => inject('siteUrl');

/**
 * A fresh context (own storage) whose requests may reach only the local site: the shipped site, or `base`.
 * `before` sees the page before it loads (to listen to its requests).
 */
export async function openPage(
  browser: Browser,
  path: string,
  options: BrowserContextOptions = {},
  { base = siteUrl(), before }: { base?: string; before?: (page: Page) => void } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  before?.(page);
  await page.goto(base + path);
  return { context, page, errors };
}
