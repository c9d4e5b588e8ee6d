import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectHoldingEngine } from '../helpers/engineProject.ts';
import { interrupt, startServe } from '../helpers/cli.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { waitFor } from '../helpers/liveReloadEvents.ts';

/**
 * A theme edit in a project that holds the engine, as this repository does: the dev server
 * compiles the theme again, shows a mistake in the overlay at its place, and keeps serving.
 * The project is a copy (the engine's code and the fixture site), so the test edits its own theme.
 */
let project: string;
let child: ChildProcess;
let url: string;
let output: () => string;
let browser: Browser;

beforeAll(async () => {
  project = await projectHoldingEngine('docsgen-theme-edit-', 'tests/fixtures/site');
  ({ child, url, output } = await startServe(['--watch'], project, path.join(project, 'bin/docsgen.js')));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) await interrupt(child);
  await rm(project, { recursive: true, force: true });
});

/** A page of the site open in the browser, with every asset response it receives. */
async function openPage(): Promise<{ page: Page; assetStatuses: { url: string; status: number }[] }> {
  const page = await browser.newPage();
  const assetStatuses: { url: string; status: number }[] = [];
  const isAsset = (address: string) => address.startsWith(`${url}/assets/`);
  page.on('response', (response) => {
    if (isAsset(response.url())) assetStatuses.push({ url: response.url(), status: response.status() });
  });
  page.on('requestfailed', (request) => {
    if (isAsset(request.url())) assetStatuses.push({ url: request.url(), status: 0 });
  });
  await page.goto(`${url}/docs/intro/`);
  return { page, assetStatuses };
}

describe('a theme edit while docsgen serve --watch runs', () => {
  it('shows a TSX syntax error in the overlay at its file, line and column, keeps serving, and recovers', async () => {
    const { page } = await openPage();
    const file = path.join(project, 'templates/Footer.tsx');
    const original = await readFile(file, 'utf8');
    const line = original.split('\n').findIndex((text) => text.includes('</footer>')) + 1;
    await writeFile(file, original.replace('</footer>', '</footr>'));

    const overlay = page.locator('#docsgen-error-overlay');
    await overlay.waitFor({ timeout: 120_000 });
    // The file as the project names it (its path relative to the project).
    expect(await overlay.locator('.docsgen-error-location').textContent()).toMatch(
      new RegExp(`(^|/)templates/Footer\\.tsx:${line}:\\d+$`),
    );
    expect(await overlay.locator('.docsgen-error-message').textContent()).toMatch(/footr/);
    // The code frame: the numbered line, and a caret under the column.
    const frame = (await overlay.locator('.docsgen-error-frame').textContent()) ?? '';
    expect(frame).toContain(`${line} │`);
    expect(frame).toContain('</footr>');
    expect(frame).toMatch(/\^/);

    // The server is up and serves the pages with the theme it had; the terminal has the error, no stack trace.
    const served = await fetch(`${url}/docs/intro/`);
    expect(served.status).toBe(200);
    expect(child.exitCode).toBeNull();
    expect(output()).toMatch(new RegExp(`error: (\\S*/)?templates/Footer\\.tsx:${line}:\\d+`));
    // A line says what the server is doing, and how it ended.
    expect(output()).toContain('Recompiling the theme: templates/Footer.tsx changed…');
    expect(output()).toMatch(/Theme not recompiled \(\d+\.\d\d s\): the error is in the overlay/);
    expect(output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

    // Fixed: the overlay goes, and the page shows the new theme.
    await writeFile(file, original.replace('</footer>', '<span id="theme-edited">Edited theme</span></footer>'));
    await page.locator('#theme-edited').waitFor({ timeout: 120_000 });
    expect(await page.locator('#docsgen-error-overlay').count()).toBe(0);
    await page.close();
  });

  it('serves the stylesheet an open page names, whole, until the page has the new one', async () => {
    const { page, assetStatuses } = await openPage();
    const oldCss = await page.locator('link[rel="stylesheet"][href^="/assets/theme-"]').getAttribute('href');
    const oldBytes = await (await fetch(url + oldCss)).text();
    const file = path.join(project, 'templates/styles/footer.css');
    const original = await readFile(file, 'utf8');

    // While the theme is edited and put back, the open page's stylesheet is asked for again and again.
    let watching = true;
    const answers: { status: number; same: boolean }[] = [];
    const watcher = (async () => {
      while (watching) {
        const response = await fetch(url + oldCss);
        answers.push({ status: response.status, same: (await response.text()) === oldBytes });
      }
    })();
    await writeFile(file, `${original}\n.footer { outline: 3px solid rgb(1, 2, 3); }\n`);
    const outline = () => page.evaluate(() => getComputedStyle(document.querySelector('.footer')!).outlineColor);
    await waitFor(async () => (await outline().catch(() => '')) === 'rgb(1, 2, 3)');
    const newCss = await page.locator('link[rel="stylesheet"][href^="/assets/theme-"]').getAttribute('href');
    expect(newCss).not.toBe(oldCss);
    await writeFile(file, original);
    await waitFor(async () => (await outline().catch(() => '')) !== 'rgb(1, 2, 3)');
    watching = false;
    await watcher;
    expect(output()).toContain('Recompiling the theme: templates/styles/footer.css changed…');
    expect(output()).toMatch(/Theme recompiled in \d+\.\d\d s/);

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200 || !answer.same)).toEqual([]);
    expect(assetStatuses.filter(({ status }) => status !== 200 && status !== 304)).toEqual([]);
    await page.close();
  });
});
