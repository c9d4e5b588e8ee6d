import { engineRoot } from '../src/engineRoot.ts';
import path from 'node:path';

import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/helpers/chromium.ts';
import { median } from './measureBuild.ts';

const root = engineRoot;
const start = '/docs/introduction/';
/** Top-level sidebar links, visible from every docs page. */
const targets = [
  '/docs/quick-start/',
  '/docs/faq/',
  '/docs/api/',
  '/docs/esignature-api/',
  '/docs/how-to-guides/',
  '/docs/libraries/',
];
const rounds = 2;
/** A slower link than localhost, where fetching ahead matters: 100 ms round trip, 10 Mbit/s down. */
const remoteNetwork = { offline: false, latency: 100, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 };

/**
 * Median time from a click on a sidebar link to the new content painted, for a page fetched
 * ahead (warm: hovered until its fetch finished) and one that was not (cold: fetching ahead is
 * off, as with data saver), on the local server and over an emulated slower link; and the
 * runtime's size. Markdown lines for the bench report.
 */
export async function navigationBenchmark(siteUrl: string): Promise<string[]> {
  const browser = await launchChromium();
  try {
    const rows = [];
    for (const [label, network] of [
      ['local server', undefined],
      ['100 ms RTT, 10 Mbit/s', remoteNetwork],
    ] as const) {
      const warm = await clickTimes(browser, siteUrl, true, network);
      const cold = await clickTimes(browser, siteUrl, false, network);
      rows.push(`| ${label} | ${median(warm).toFixed(1)} | ${median(cold).toFixed(1)} |`);
    }
    const { runtime, navigation } = await runtimeSize(siteUrl);
    return [
      '## In-site navigation',
      '',
      `Click on a sidebar link to new content painted (median of ${rounds * targets.length} clicks, ms):`,
      '',
      '| network | warm (prefetched) | cold |',
      '|---|---|---|',
      ...rows,
      '',
      `Runtime loaded before interaction: **${(runtime / 1024).toFixed(1)} KB gzip** (${runtime} B), of which in-site navigation ${navigation} B.`,
      '',
    ];
  } finally {
    await browser.close();
  }
}

async function clickTimes(
  browser: Browser,
  siteUrl: string,
  prefetch: boolean,
  network?: typeof remoteNetwork,
): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // No request interception: it would add a round trip through this process to every request.
  // Data saver on turns fetching ahead off. A string, as a compiled function may reference helpers the page lacks.
  if (!prefetch)
    await context.addInitScript(
      `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) })`,
    );
  const page = await context.newPage();
  if (network) {
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', network);
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      // A fresh page load each time, so only what this sample fetched ahead is in memory.
      await page.goto(`${siteUrl}${start}`, { waitUntil: 'networkidle' });
      const link = page.locator(`.docs-sidebar a[href="${target}"]`);
      if (prefetch) {
        await link.hover();
        await page.waitForFunction(
          (url) =>
            performance.getEntriesByName(url).some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0),
          `${siteUrl}${target}`,
        );
      }
      times.push(await timeClick(page, target));
    }
  }
  await context.close();
  return times;
}

/** Milliseconds from the click event to the frame after the swap (the new content painted). */
async function timeClick(page: Page, target: string): Promise<number> {
  await page.evaluate(() => {
    const timing: { clicked?: number; painted?: number } = {};
    (window as unknown as { clickTiming: typeof timing }).clickTiming = timing;
    document.addEventListener('click', () => (timing.clicked = performance.now()), { capture: true, once: true });
    document.addEventListener(
      'docsgen:content-swapped',
      () => requestAnimationFrame(() => setTimeout(() => (timing.painted = performance.now()))),
      { once: true },
    );
  });
  await page.click(`.docs-sidebar a[href="${target}"]`);
  const timing = await page.waitForFunction(() => {
    const { clicked, painted } = (window as unknown as { clickTiming: { clicked?: number; painted?: number } })
      .clickTiming;
    return clicked !== undefined && painted !== undefined && painted - clicked;
  });
  return (await timing.jsonValue()) as number;
}

/** Gzip bytes of the runtime entry and its static imports as served, and of the navigation modules alone. */
async function runtimeSize(siteUrl: string): Promise<{ runtime: number; navigation: number }> {
  const html = await (await fetch(`${siteUrl}${start}`)).text();
  const queue = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]);
  const seen = new Set<string>();
  let runtime = 0;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = await (await fetch(`${siteUrl}${url}`)).text();
    runtime += gzipSync(source, { level: 9 }).length;
    for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[\w{},*\s$]+from\s*)?["']([^"']+)["']/g))
      queue.push(path.posix.join(path.posix.dirname(url), match[1]));
  }
  const bundle = await esbuild.build({
    entryPoints: [path.join(root, 'src/client/navigation/initNavigation.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    write: false,
  });
  return { runtime, navigation: gzipSync(bundle.outputFiles[0].contents, { level: 9 }).length };
}
