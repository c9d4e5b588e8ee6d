import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { servedBuild, type ServedBuild } from '../helpers/servedBuild.ts';

/**
 * GFM footnotes as a reader sees them, in a writer's page and in an API description holding
 * HTML: the "Footnotes" label is for screen readers only, and a call leads to its note.
 */
async function writeFootnotesSite(): Promise<string> {
  const site = await copyFixtureSite();
  const intro = path.join(site, 'content/docs/intro.md');
  await writeFile(intro, `${await readFile(intro, 'utf8')}\nA claim[^source].\n\n[^source]: Where it comes from.\n`);
  const api = path.join(site, 'openapi/api.yaml');
  await writeFile(
    api,
    (await readFile(api, 'utf8')).replace(
      '  description: A tiny API for the tests.\n',
      '  description: |\n    A <b>tiny</b> API[^1].\n\n    [^1]: For the <code>tests</code>.\n',
    ),
  );
  return site;
}

let served: ServedBuild;
let browser: Browser;
beforeAll(async () => {
  served = await servedBuild(writeFootnotesSite);
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe.each([
  ['a writer’s page', '/docs/intro/', 'Where it comes from.'],
  ['an API description holding HTML', '/api/', 'For the tests.'],
])('footnotes in %s', (_, route, note) => {
  it('hide the “Footnotes” label from sight, and the call scrolls to its note', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (request) => request.abort());
    const page = await context.newPage();
    await page.goto(served.url + route);
    const label = page.locator('.footnotes .sr-only');
    expect(await label.textContent()).toBe('Footnotes');
    const box = await label.boundingBox();
    expect(box!.width * box!.height).toBeLessThanOrEqual(1);
    await page.locator('[data-footnote-ref]').first().click();
    const target = page.locator('.footnotes li', { hasText: note });
    await expect
      .poll(() => target.evaluate((element) => element.id === decodeURIComponent(location.hash.slice(1))))
      .toBe(true);
    await expect.poll(() => target.isVisible()).toBe(true);
    await context.close();
  });
});
