import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { HtmlValidate } from 'html-validate';
import { build } from '../../src/build/build.ts';
import { folderPages, createServer } from '../../src/serve/createServer.ts';
import { copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { requireDebianProgram } from '../helpers/debianPackages.ts';

/**
 * What a writer coming from Docusaurus types, in a real browser: one page (tests/fixtures/writing)
 * with images beside it, highlighted and numbered code, every admonition, prose tabs and an
 * aligned table, built and served as a site is.
 */
const route = '/docs/writing/';
let site: string;
let dist: string;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  site = await copyFixtureSite();
  await cp(path.join(projectRoot, 'tests/fixtures/writing/writing.md'), path.join(site, 'content/docs/writing.md'));
  await cp(path.join(projectRoot, 'tests/fixtures/images'), path.join(site, 'content/docs/img'), {
    recursive: true,
    filter: (file) => !file.endsWith('.md'),
  });
  dist = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writing-'));
  await build({ root: site, outDir: dist, cache: false });
  server = createServer({ pages: folderPages(dist), staticDirs: [dist] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(site, { recursive: true, force: true });
  await rm(dist, { recursive: true, force: true });
});

async function open(
  options: BrowserContextOptions & { holdImages?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; close: () => Promise<void>; copied: string[] }> {
  const { holdImages, theme, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (request) => request.abort());
  // Images that never arrive: the page as it is laid out before they load.
  if (holdImages) await context.route(/\/assets\/.*\.(png|jpg|webp|gif|svg)$/, () => undefined);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const copied: string[] = [];
  await page.exposeFunction('recordCopy', (text: string) => copied.push(text));
  // What the copy button hands the clipboard, read where it is handed over.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: (text: string) =>
          (window as unknown as { recordCopy: (t: string) => Promise<void> }).recordCopy(text),
      },
    });
  });
  if (theme) await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
  await page.goto(origin + route, { waitUntil: holdImages ? 'domcontentloaded' : 'load' });
  return { page, copied, close: () => context.close() };
}

describe("a writer's page in the browser", () => {
  it('aligns table columns as the separator row says', async () => {
    const { page, close } = await open();
    const aligns = await page
      .locator('.markdown table tr')
      .first()
      .locator('th')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
    expect(aligns).toEqual(['left', 'center', 'right']);
    await close();
  });

  it("keeps each image's room before it loads, loads the first at once and the rest lazily", async () => {
    const { page, close } = await open({ holdImages: true });
    const boxes = await page.locator('.markdown img').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({
        width: image.getBoundingClientRect().width,
        height: image.getBoundingClientRect().height,
        loading: image.loading,
      })),
    );
    // The files' own sizes (tests/fixtures/images), kept while the files are not there.
    const sizes = [
      [320, 180],
      [240, 160],
      [200, 120],
      [40, 30],
      [160, 90],
    ];
    expect(boxes.map((box) => Math.round((box.height / box.width) * 100) / 100)).toEqual(
      sizes.map(([width, height]) => Math.round((height / width) * 100) / 100),
    );
    expect(boxes.map((box) => Math.round(box.width))).toEqual(sizes.map(([width]) => width));
    expect(boxes.map((box) => box.loading)).toEqual(['auto', 'lazy', 'lazy', 'lazy', 'lazy']);
    await close();
    const loaded = await open();
    await loaded.page.locator('.markdown img').last().scrollIntoViewIfNeeded();
    await loaded.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.markdown img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await loaded.close();
  });

  it('highlights lines, numbers them from showLineNumbers=5, and copies the code without its highlight comments or numbers', async () => {
    const { page, copied, close } = await open();
    const block = page.locator('figure.code-block').first();
    const lines = block.locator('.line');
    expect(await lines.count()).toBe(5);
    expect(await lines.evaluateAll((all) => all.map((line) => line.classList.contains('highlighted')))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    // Numbers the stylesheet draws before each line, counting from 5; the block without showLineNumbers has none.
    expect(await block.locator('code').evaluate((code) => getComputedStyle(code).counterReset)).toBe('line 4');
    expect(
      await lines.evaluateAll((all) =>
        all.map((line) => [
          getComputedStyle(line, '::before').content,
          getComputedStyle(line, '::before').counterIncrement,
        ]),
      ),
    ).toEqual(Array(5).fill(['counter(line)', 'line 1']));
    expect(
      await page
        .locator('figure.code-block')
        .nth(1)
        .locator('.line')
        .first()
        .evaluate((line) => getComputedStyle(line, '::before').content),
    ).toBe('none');
    const [plain, marked] = await lines.evaluateAll((all) =>
      [all[0], all[1]].map((line) => getComputedStyle(line).backgroundColor),
    );
    expect(marked).not.toBe(plain);
    await block.hover();
    await block.locator('.code-block__copy').click();
    expect(copied).toEqual([
      "import { Client } from 'acme-sign';\nconst client = new Client(process.env.ACME_KEY);\nconst envelope = await client.envelopes.create({ subject: 'Contract' });\nawait client.envelopes.send(envelope.id);\nconsole.log('sent');",
    ]);
    await close();
  });

  it('syncs prose tabs by groupId, remembers the choice, leaves other groups alone, and takes the arrow keys', async () => {
    const { page, close } = await open();
    const groups = page.locator('.tabs[data-tabs="os"]');
    const standalone = page.locator('.tabs:not([data-tabs])');
    const visiblePanels = () =>
      page
        .locator('.tabs__panel:visible')
        .evaluateAll((panels) => panels.map((panel) => panel.getAttribute('data-label')));
    expect(await visiblePanels()).toEqual(['macOS', 'macOS', 'Sandbox']);
    await groups.first().locator('.tabs__tab', { hasText: 'Windows' }).click();
    expect(await visiblePanels()).toEqual(['Windows', 'Windows', 'Sandbox']);
    await standalone.locator('.tabs__tab', { hasText: 'Production' }).click();
    expect(await visiblePanels()).toEqual(['Windows', 'Windows', 'Production']);
    await page.reload();
    expect(await visiblePanels()).toEqual(['Windows', 'Windows', 'Sandbox']);
    await groups.nth(1).locator('.tabs__tab[aria-selected="true"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Linux');
    expect(await visiblePanels()).toEqual(['Linux', 'Linux', 'Sandbox']);
    await page.keyboard.press('Home');
    expect(await visiblePanels()).toEqual(['macOS', 'macOS', 'Sandbox']);
    await close();
  });

  it("shows every tab's panel under its label without JavaScript", async () => {
    const { page, close } = await open({ javaScriptEnabled: false });
    expect(await page.locator('.tabs__list').first().isVisible()).toBe(false);
    const panels = await page
      .locator('.tabs__panel')
      .evaluateAll((all) => all.map((panel) => [panel.checkVisibility(), getComputedStyle(panel, '::before').content]));
    expect(panels).toEqual([
      [true, '"macOS"'],
      [true, '"Windows"'],
      [true, '"Linux"'],
      [true, '"macOS"'],
      [true, '"Windows"'],
      [true, '"Linux"'],
      [true, '"Sandbox"'],
      [true, '"Production"'],
    ]);
    await close();
  });

  it("draws each admonition's icon in its accent colour", async () => {
    const { page, close } = await open();
    const icons = await page
      .locator('.admonition > .admonition__title .admonition__icon svg')
      .evaluateAll((all) =>
        all.map((icon) => ({ width: icon.getBoundingClientRect().width, colour: getComputedStyle(icon).color })),
      );
    expect(icons).toHaveLength(8);
    for (const icon of icons) expect(icon.width).toBeGreaterThan(10);
    expect(new Set(icons.map((icon) => icon.colour)).size).toBe(5);
    await close();
  });

  const everyRule = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]));
  it.each(['light', 'dark'] as const)(
    'has no serious axe-core violation, every rule on, in %s',
    { timeout: 120_000 },
    async (theme) => {
      const { page, close } = await open({ theme });
      const results = await new AxeBuilder({ page }).options({ rules: everyRule }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
      await close();
    },
  );

  it('is valid HTML for the Nu HTML Checker and html-validate', { timeout: 300_000 }, async () => {
    const file = path.join(dist, 'docs/writing/index.html');
    const htmlValidate = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y'] });
    const report = await htmlValidate.validateString(await readFile(file, 'utf8'));
    expect(
      report.results.flatMap((result) =>
        result.messages.map((message) => `${message.line}:${message.column}: ${message.ruleId}: ${message.message}`),
      ),
    ).toEqual([]);
    const java = requireDebianProgram(
      '/usr/bin/java',
      ['default-jre-headless'],
      'A Java runtime (for the Nu HTML Checker)',
    );
    const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    const { stderr } = await promisify(execFile)(java, ['-jar', vnu, '--format', 'json', '--errors-only', file]).catch(
      (error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }),
    );
    const { messages } = JSON.parse(stderr) as { messages: { type: string; lastLine?: number; message: string }[] };
    expect(
      messages.filter((message) => message.type !== 'info').map((message) => `${message.lastLine}: ${message.message}`),
    ).toEqual([]);
  });
});
