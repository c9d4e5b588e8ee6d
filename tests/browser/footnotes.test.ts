import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../src/build/build.ts';
import { folderPages, createServer } from '../../src/serve/createServer.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { launchChromium } from '../helpers/chromium.ts';

/**
 * GFM footnotes as a reader sees them, in a writer's page and in an API description holding
 * HTML: the "Footnotes" label is for screen readers only, and a call leads to its note.
 */
let site: string;
let dist: string;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  site = await copyFixtureSite();
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
  dist = await mkdtemp(path.join(os.tmpdir(), 'docsgen-footnotes-'));
  await build({ root: site, outDir: dist, cache: false });
  server = createServer({ pages: folderPages(dist), staticDirs: [dist] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(site, { recursive: true, force: true });
  await rm(dist, { recursive: true, force: true });
});

describe.each([
  ['a writer’s page', '/docs/intro/', 'Where it comes from.'],
  ['an API description holding HTML', '/api/', 'For the tests.'],
])('footnotes in %s', (_, route, note) => {
  it('hide the “Footnotes” label from sight, and the call scrolls to its note', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (request) => request.abort());
    const page = await context.newPage();
    await page.goto(origin + route);
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
