import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Where the element of an anchor sits once it has stopped moving, against where the navbar ends. */
async function settledOffset(page: Page, id: string): Promise<number> {
  const offset = () =>
    page.evaluate((target) => {
      const navbar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
      return Math.round(document.getElementById(target)!.getBoundingClientRect().top - navbar);
    }, id);
  let last = await offset();
  for (let still = 0; still < 3; ) {
    await page.waitForTimeout(250);
    const now = await offset();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

describe('/api/ anchors, with sections laid out only near the viewport', () => {
  it('renders off-screen operations and schemas lazily (content-visibility)', async () => {
    const { page, context } = await openPage(browser, '/api/');
    expect(await page.$eval('.api-operation', (element) => getComputedStyle(element).contentVisibility)).toBe('auto');
    await context.close();
  });

  it('lands on an operation or a schema far down the page, from the address and from an in-page link', async () => {
    const { page, context } = await openPage(browser, '/api/');
    const ids = await page.$$eval('.api-operation[id], .api-schema[id]', (elements) =>
      elements.map((element) => element.id),
    );
    expect(ids.length).toBeGreaterThan(40);
    // Not the last few: the end of the page stops them short of the top.
    const far = [ids[Math.floor(ids.length / 2)], ids[ids.length - 12]];
    for (const id of far) {
      const arrival = await openPage(browser, `/api/#${id}`);
      const offset = await settledOffset(arrival.page, id);
      expect(offset, id).toBeGreaterThanOrEqual(-2);
      expect(offset, id).toBeLessThan(40);
      await arrival.context.close();
    }
    const linked = await page.$$eval('a[href^="#operation/"], a[href^="#schema/"]', (links) =>
      links.map((link) => decodeURIComponent(link.getAttribute('href')!.slice(1))),
    );
    const targets = [...new Set(linked)].filter((id) => ids.indexOf(id) >= 0 && ids.indexOf(id) < ids.length - 10);
    expect(targets.length).toBeGreaterThan(10);
    for (const id of [targets[targets.length - 1], targets[1], targets[Math.floor(targets.length / 2)]]) {
      await page.evaluate((target) => (document.querySelector(`a[href="#${target}"]`) as HTMLElement).click(), id);
      const offset = await settledOffset(page, id);
      expect(offset, id).toBeGreaterThanOrEqual(-2);
      expect(offset, id).toBeLessThan(40);
    }
    await context.close();
  });
});
