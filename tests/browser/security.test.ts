import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { siteUrl } from '../helpers/browserPage.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { build } from '../../src/build/build.ts';
import { folderPages, createServer } from '../../src/serve/createServer.ts';

/** Classic payloads; each sets window.__pwned if it ever runs. */
const payloads = [
  '<script>window.__pwned = 1</script>',
  '"><img src=x onerror="window.__pwned = 1">',
  "'><svg onload=window.__pwned=1>",
  '</title><script>window.__pwned = 1</script>',
];

let browser: Browser;
let hostile: { url: string; server: http.Server; dir: string; site: string };

/** Records CSP violations and page errors before any page script runs. */
async function guardedPage(url: string): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const context = await browser.newContext();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return {
    page,
    violations: await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    errors,
  };
}

beforeAll(async () => {
  browser = await launchChromium();
  const site = await copyFixtureSite();
  const intro = path.join(site, 'content/docs/intro.md');
  await writeFile(
    intro,
    (await readFile(intro, 'utf8'))
      .replace('title: Introduction', `title: ${JSON.stringify(`Intro ${payloads[0]} ${payloads[3]}`)}`)
      .replace('description: What the fixture is.', `description: ${JSON.stringify(payloads[1])}`)
      .replace('Text.', `Text ${payloads.join(' ')} and \`${payloads[1]}\`.\n\n\`\`\`html\n${payloads[0]}\n\`\`\``),
  );
  const config = path.join(site, 'docsgen.config.ts');
  await writeFile(
    config,
    (await readFile(config, 'utf8')).replace(
      "tagline: 'A small site the tests build.'",
      `tagline: ${JSON.stringify(payloads[2])}`,
    ),
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-hostile-'));
  await build({ root: site, outDir: dir });
  const server = createServer({ pages: folderPages(dir), staticDirs: [dir] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostile = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, dir, site };
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => hostile?.server.close(resolve));
  await rm(hostile.dir, { recursive: true, force: true });
  await rm(hostile.site, { recursive: true, force: true });
});

describe('strict Content-Security-Policy', () => {
  it('is emitted as a <meta> tag and a _headers file, with no unsafe-inline for scripts', async () => {
    const html = await (await fetch(`${siteUrl()}/docs/introduction/`)).text();
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/
      .exec(html)![1]
      .replace(/&#x27;/g, "'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
    const headers = await (await fetch(`${siteUrl()}/_headers`)).text();
    expect(headers).toContain(`Content-Security-Policy: ${policy}; frame-ancestors 'self'`);
  });

  it.each(['/', '/docs/introduction/', '/docs/quick-start/', '/api/', '/search/?q=bundle', '/docs/no-such-page/'])(
    '%s loads and works with zero violations',
    async (route) => {
      const { page, violations, errors } = await guardedPage(siteUrl() + route);
      await page.hover('.color-mode-toggle');
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-islands-hydrated'));
      await page.click('.color-mode-toggle');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      const later = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
      expect([...violations, ...later]).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('hostile input is harmless', () => {
  it.each(['/', '/docs/intro/', '/docs/guide/', '/docs/no-such-page/'])(
    'front matter, content and config payloads never run on %s',
    async (route) => {
      const { page, errors } = await guardedPage(hostile.url + route);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
      expect(await page.locator('script:not([src])').count()).toBe(1);
      await page.context().close();
    },
  );

  it('shows the payloads as text', async () => {
    const { page } = await guardedPage(`${hostile.url}/docs/intro/`);
    expect(await page.title()).toBe(`Intro ${payloads[0]} ${payloads[3]} | Fixture Docs`);
    expect(await page.locator('.markdown h1').textContent()).toBe(`Intro ${payloads[0]} ${payloads[3]}`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(payloads[1]);
    expect(await page.locator('.markdown pre code').first().textContent()).toBe(payloads[0]);
    await page.context().close();
  });
});
