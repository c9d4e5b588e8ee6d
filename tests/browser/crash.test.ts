import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it("shows 'This page crashed.' for a client-side render error, and 'Try again' renders again", async () => {
  const bundle = await esbuild.build({
    entryPoints: [path.join(projectRoot, 'tests/fixtures/crash/crashPage.client.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const page = await browser.newPage();
  await page.setContent('<div id="root"></div>');
  await page.evaluate(() => ((window as unknown as { failRender: boolean }).failRender = true));
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const screen = page.getByRole('alert');
  await expect.poll(() => screen.locator('h1').textContent()).toBe('This page crashed.');
  expect(await screen.textContent()).toContain('Cannot read the stored preference');
  await page.evaluate(() => ((window as unknown as { failRender: boolean }).failRender = false));
  await screen.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.locator('#fragile').textContent()).toBe('Rendered fine');
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.close();
});
