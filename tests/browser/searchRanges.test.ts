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

/** A record file (`r<n>.bin`) or a postings file (`p<n>.bin`): both are read by range. */
const recordFile = /\/search\/index\/[0-9a-f]+\/[pr]\d+\.bin$/;
const input = '.search-modal input[role="combobox"]';

/** The modal's hits for each query, and every answer the browser got for a record or postings file. */
async function searchRecords(page: Page, queries: string[]) {
  const answers: { file: string; range: string | undefined; status: number }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (recordFile.test(pathname))
      answers.push({
        file: pathname[pathname.lastIndexOf('/') + 1],
        range: response.request().headers()['range'],
        status: response.status(),
      });
  });
  await page.keyboard.press('Control+k');
  await page.waitForSelector(input);
  const hits: string[][] = [];
  for (const query of queries) {
    await page.fill(input, query);
    // The hits of this query are shown: every highlighted word is one of its words.
    await page.waitForFunction((words) => {
      const marks = [...document.querySelectorAll('.search-modal [role="row"] mark')];
      return (
        marks.length > 0 &&
        marks.every((mark) => words.some((word) => mark.textContent!.toLowerCase().startsWith(word)))
      );
    }, query.split(' '));
    hits.push(await page.locator('.search-modal [role="row"]').allTextContents());
  }
  return { hits, answers };
}

describe('search records read by HTTP range requests', () => {
  const queries = ['webhook', 'envelope', 'rate limit'];

  it('fetches the postings blocks of the words typed and the chunks of the hits shown as byte ranges (206), and shows the same hits from a server that ignores Range (200)', async () => {
    const ranged = await openPage(browser, '/docs/introduction/');
    const byRange = await searchRecords(ranged.page, queries);
    await ranged.context.close();
    expect(new Set(byRange.answers.map((answer) => answer.file))).toEqual(new Set(['p', 'r']));
    for (const answer of byRange.answers) {
      expect(answer.range).toMatch(/^bytes=\d+-\d+$/);
      expect(answer.status).toBe(206);
    }

    // A host that ignores Range: the whole file, 200; the client cuts every block and chunk from it.
    const whole = await openPage(browser, '/docs/introduction/');
    await whole.context.route(recordFile, async (route) => {
      const headers = { ...route.request().headers() };
      delete headers['range'];
      const response = await route.fetch({ headers });
      expect(response.status()).toBe(200);
      await route.fulfill({ response });
    });
    const byWhole = await searchRecords(whole.page, queries);
    expect(whole.errors).toEqual([]);
    await whole.context.close();
    expect(byWhole.answers.length).toBeGreaterThan(0);
    expect(byWhole.answers.every((answer) => answer.status === 200)).toBe(true);
    expect(byWhole.hits).toEqual(byRange.hits);
    expect(byRange.hits.every((rows) => rows.length > 0)).toBe(true);
  });
});
