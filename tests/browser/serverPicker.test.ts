import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { docsgen } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { createServer, folderPages } from '../../src/serve/createServer.ts';

/**
 * The reference's server picker on a site whose API has two servers, the first with a `{region}`
 * variable (eu or us), and one operation on a server of its own (tests/fixtures/openapi-security).
 */
let root: string;
let server: Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-servers-'));
  await mkdir(path.join(root, 'content/docs'), { recursive: true });
  await writeFile(
    path.join(root, 'docsgen.config.ts'),
    "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Fixture', url: 'https://docs.fixture.example', openapi: 'security.yaml' });\n",
  );
  await writeFile(path.join(root, 'content/docs/start.md'), '# Start\n\nHello.\n');
  await copyFile(
    path.join(projectRoot, 'tests/fixtures/openapi-security/security.yaml'),
    path.join(root, 'security.yaml'),
  );
  const build = await docsgen(['build', '--quiet'], root);
  expect(build.code, build.stderr).toBe(0);
  const dist = path.join(root, 'dist');
  server = createServer({ pages: folderPages(dist), staticDirs: [dist] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** The curl sample of an operation, as the page now reads it. */
const curlOf = (page: Page, operation: string) =>
  page
    .locator(`[id="operation/${operation}"] [data-sample-base] [role="tabpanel"][data-label="curl"] pre code`)
    .textContent();

describe('the server picker of the API reference', () => {
  it('rewrites the samples that call the default server, remembers the choice, and leaves an operation with its own server alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${siteUrl}/api/`);
    const picker = page.locator('form.api-server-picker');
    await expect.poll(() => picker.isVisible()).toBe(true);
    expect(await curlOf(page, 'listThings')).toContain('https://eu.api.fixture.example/v1/things/');

    await picker.locator('select[name="region"]').selectOption('us');
    await expect.poll(() => curlOf(page, 'listThings')).toContain('https://us.api.fixture.example/v1/things/');
    expect(await curlOf(page, 'listThings')).not.toContain('eu.api');
    // Python's sample too, and the operation that calls its own server keeps it.
    expect(
      await page.locator('[id="operation/listThings"] [role="tabpanel"][data-label="Python"] pre code').textContent(),
    ).toContain('https://us.api.fixture.example/v1/things/');
    expect(await curlOf(page, 'getStatus')).toContain('https://status.fixture.example');

    await picker.locator('select[name="server"]').selectOption('1');
    await expect.poll(() => curlOf(page, 'listThings')).toContain('https://sandbox.api.fixture.example/v1/things/');
    expect(await picker.locator('select[name="region"]').isVisible()).toBe(false);

    // Remembered: a page loaded afresh calls the chosen server, and the picker shows it.
    await page.reload();
    await expect.poll(() => curlOf(page, 'listThings')).toContain('https://sandbox.api.fixture.example/v1/things/');
    expect(await picker.locator('select[name="server"]').inputValue()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ignores a stored choice it cannot use, whatever the browser’s storage holds', async () => {
    for (const stored of [
      { server: '0', base: 'https://x.example', values: null },
      { server: '"]', base: 'https://x.example', values: {} },
      { server: '0', base: 'https://x.example', values: { region: 7 } },
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${siteUrl}/api/`);
      const base = await page
        .locator('[id="operation/listThings"] [data-sample-base]')
        .getAttribute('data-sample-base');
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [`docsgen.server.${base}`, JSON.stringify(stored)],
      );
      await page.reload();
      await expect.poll(() => page.locator('form.api-server-picker').isVisible()).toBe(true);
      expect(await curlOf(page, 'listThings')).toContain('https://eu.api.fixture.example/v1/things/');
      expect(errors, JSON.stringify(stored)).toEqual([]);
      await context.close();
    }
  });

  it('without JavaScript, shows no picker and the samples call the first server with its defaults', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/api/`);
    expect(await page.locator('form.api-server-picker').isVisible()).toBe(false);
    expect(await curlOf(page, 'listThings')).toContain('https://eu.api.fixture.example/v1/things/');
    expect(await page.locator('.api-servers').textContent()).toContain('(the samples call this one)');
    await context.close();
  });
});
