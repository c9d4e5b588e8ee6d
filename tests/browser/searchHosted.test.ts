import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from '../../src/build/build.ts';
import { folderPages, createServer } from '../../src/serve/createServer.ts';
import { insightsScript, viewDebounceMs } from '../../src/client/search/hosted/insights.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { startFakeAlgolia, type FakeAlgolia } from '../search/fakeAlgolia.ts';

const appId = 'TESTAPP';
const searchKey = 'search-only-key';
const indexName = 'acme_docs';
const input = '.search-modal input[role="combobox"]';

let browser: Browser;
let fake: FakeAlgolia;
const sites: { url: string; close: () => Promise<unknown>; dir: string }[] = [];

/** The shipped site built with a config naming the hosted index (served by the fake hosts). */
async function buildHostedSite(insights: boolean) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-hosted-'));
  const config = path.join(dir, 'docsgen.config.ts');
  await writeFile(
    config,
    `import shipped from ${JSON.stringify(path.join(projectRoot, 'docsgen.config.ts'))};
export default { ...shipped, search: { ...shipped.search, externalUrlRegex: 'acme-sign\\\\.example/api/', algolia: { appId: '${appId}', apiKey: '${searchKey}', indexName: '${indexName}', insights: ${insights}, hosts: ${JSON.stringify(fake.urls)} } } };\n`,
  );
  const out = path.join(dir, 'dist');
  await build({ root: projectRoot, configFile: config, outDir: out });
  const server = createServer({ pages: folderPages(out), staticDirs: [out] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dir,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  sites.push(site);
  return site;
}

let withInsights: Awaited<ReturnType<typeof buildHostedSite>>;
let withoutInsights: Awaited<ReturnType<typeof buildHostedSite>>;

beforeAll(async () => {
  const records = await readSearchRecords(inject('siteDir'));
  fake = await startFakeAlgolia({ hosts: 3, appId, searchKey, indices: { [indexName]: records } });
  withInsights = await buildHostedSite(true);
  withoutInsights = await buildHostedSite(false);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const site of sites) {
    await site.close();
    await rm(site.dir, { recursive: true, force: true });
  }
  await fake?.close();
});

/** A fresh context on the hosted site; the fake hosts are healthy and forget what they saw. */
async function open(
  site: { url: string },
  route = '/docs/introduction/',
): Promise<{ page: Page; context: BrowserContext }> {
  for (let i = 0; i < fake.hosts.length; i++) {
    await fake.setFault(i, { kind: 'none' });
    fake.hosts[i].requests.length = 0;
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(site.url + route);
  return { page, context };
}
async function search(page: Page, query: string, waitFor = '.search-hit') {
  if ((await page.locator(input).count()) === 0) {
    await page.keyboard.press('Control+k');
    await page.waitForSelector(input);
  }
  await page.fill(input, query);
  await page.waitForSelector(waitFor);
}
const queries = () => fake.log.filter((entry) => entry.request.path === '/1/indexes/*/queries');
const contacted = () => fake.hosts.map((host) => host.requests.length);

describe('hosted search: the calls', () => {
  it('posts the multi-index query with credentials as query parameters and the DocSearch params', async () => {
    const { page, context } = await open(withInsights);
    const before = queries().length;
    await search(page, 'webhook');
    const { request } = queries().slice(before).at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.query.get('x-algolia-application-id')).toBe(appId);
    expect(request.query.get('x-algolia-api-key')).toBe(searchKey);
    expect(request.query.get('x-algolia-agent')).toMatch(/Lite \(5\.\d+\.\d+\); Browser/);
    expect(request.headers['content-type']).toBe('text/plain');
    const [sent] = (request.body as { requests: { indexName: string; query: string; params: string }[] }).requests;
    expect(Object.keys(sent)).toEqual(['indexName', 'query', 'params']);
    expect(sent).toMatchObject({ indexName, query: 'webhook' });
    const params = Object.fromEntries(new URLSearchParams(sent.params));
    expect(JSON.parse(params.attributesToRetrieve)).toEqual([
      'hierarchy.lvl0',
      'hierarchy.lvl1',
      'hierarchy.lvl2',
      'hierarchy.lvl3',
      'hierarchy.lvl4',
      'hierarchy.lvl5',
      'hierarchy.lvl6',
      'content',
      'type',
      'url',
    ]);
    expect(JSON.parse(params.attributesToSnippet)).toContain('content:10');
    expect(params).toMatchObject({
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: '20',
      clickAnalytics: 'true',
    });
    expect(JSON.parse(params.facetFilters)).toEqual([
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
    expect(await page.locator('.search-section__title').first().textContent()).toBeTruthy();
    expect(await page.locator('.search-modal__credit').textContent()).toBe('Search by Algolia');
    await context.close();
  });

  it('asks no click analytics and loads no insights script when insights is off', async () => {
    const { page, context } = await open(withoutInsights);
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    const before = queries().length;
    await search(page, 'signer');
    const params = new URLSearchParams(
      (queries().slice(before).at(-1)!.request.body as { requests: { params: string }[] }).requests[0].params,
    );
    expect(params.has('clickAnalytics')).toBe(false);
    expect(scripts.some((url) => url.includes('search-insights'))).toBe(false);
    await context.close();
  });

  it('loads insights from the CDN, reports viewed results once the typing pauses (400 ms) and the chosen hit with its queryID', async () => {
    const { page, context } = await open(withInsights);
    const script = await readFile(
      path.join(projectRoot, 'node_modules/search-insights/dist/search-insights.min.js'),
      'utf8',
    );
    await context.route(insightsScript, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
    const events: { eventType: string; index: string; queryID?: string; objectIDs: string[]; positions?: number[] }[] =
      [];
    await context.route(/^https:\/\/insights\.algolia\.io\/1\/events/, async (route) => {
      events.push(...JSON.parse(route.request().postData() ?? '{"events":[]}').events);
      await route.fulfill({ status: 200, body: '{"status":200,"message":"OK"}' });
    });
    await page.keyboard.press('Control+k');
    await page.waitForSelector(input);
    // The page's clock stands still while the reader types, however slow the machine: each
    // letter's results arrive with no time passing, then time is moved on by hand.
    const views = () => events.filter((event) => event.eventType === 'view').length;
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    for (const letter of 'bundle') await page.keyboard.type(letter);
    await expect.poll(() => page.locator('.search-hit').count()).toBeGreaterThan(0);
    await expect.poll(() => JSON.stringify(queries().at(-1)?.request.body ?? null)).toContain('bundle');
    await page.waitForTimeout(300);
    await page.clock.runFor(viewDebounceMs - 1);
    await page.waitForTimeout(300);
    expect(views()).toBe(0);
    // 1 ms more sends it. On a slow machine the last letter's results may come in late and put the
    // report off (the timer starts again): time goes on 10 ms a step until it is sent, once.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(10);
          return views();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.clock.resume();
    expect(events[0]).toMatchObject({ eventType: 'view', index: indexName });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => events.find((event) => event.eventType === 'click'))
      .toMatchObject({ index: indexName, positions: [1], queryID: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await context.close();
  });
});

describe('hosted search: failures and the retry strategy', () => {
  it.each([
    [
      'every host unreachable (RetryError)',
      [{ kind: 'status', status: 500 }, { kind: 'refused' }, { kind: 'status', status: 503 }],
    ],
    ['a 4xx answer (ApiError)', [{ kind: 'status', status: 403 }]],
    ['a body that is not JSON (DeserializationError)', [{ kind: 'not-json' }]],
  ] as const)('shows the error screen on %s, and keeps it on screen', async (_, faults) => {
    const { page, context } = await open(withoutInsights);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    for (const [i, fault] of faults.entries()) await fake.setFault(i, fault);
    await search(page, 'envelope', '.search-screen--error');
    expect(await page.locator('.search-screen--error p').allTextContents()).toEqual([
      'Unable to fetch results',
      'You might want to check your network connection.',
    ]);
    await page.waitForTimeout(1500);
    expect(await page.locator('.search-screen--error').count()).toBe(1);
    expect(errors.join('\n')).toMatch(/RetryError|ApiError|DeserializationError/);
    await context.close();
  });

  it('falls back to the next host, skips the failed one (even after a page load) and tries it again after 2 minutes', async () => {
    const { page, context } = await open(withoutInsights);
    await fake.setFault(0, { kind: 'status', status: 500 });
    await search(page, 'bundle');
    expect(contacted()).toEqual([1, 1, 0]);
    await page.reload();
    await search(page, 'packet');
    expect(contacted()).toEqual([1, 2, 0]);
    // Two minutes later (the stored failure aged by 121 s), the host is tried first again.
    await page.evaluate((key) => {
      const states = JSON.parse(localStorage.getItem(key)!);
      for (const state of Object.values(states) as { lastUpdate: number }[]) state.lastUpdate -= 121_000;
      localStorage.setItem(key, JSON.stringify(states));
    }, `docsgen.search.hosts.${appId}`);
    await fake.setFault(0, { kind: 'none' });
    await page.reload();
    await search(page, 'template');
    expect(contacted()).toEqual([2, 2, 0]);
    await context.close();
  });

  it('turns stalled while a slow host answers, then shows its results', async () => {
    const { page, context } = await open(withoutInsights);
    await fake.setFault(0, { kind: 'slow', ms: 800 });
    await search(page, 'field', '.search-modal--stalled .search-icon--spinner');
    await page.waitForSelector('.search-hit');
    expect(await page.locator('.search-modal--stalled').count()).toBe(0);
    await context.close();
  });
});

describe('hosted search: results', () => {
  it('opens hits matching the external pattern as absolute URLs that leave the site', async () => {
    const { page, context } = await open(withoutInsights);
    await search(page, 'create a bundle');
    const hrefs = await page
      .locator('.search-hit__link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(
      hrefs.filter((href) => href.startsWith('https://developers.acme-sign.example/api/')),
      hrefs.join(' '),
    ).not.toEqual([]);
    expect(hrefs.filter((href) => href.startsWith('/docs/')).length).toBeGreaterThan(0);
    const external = hrefs.findIndex((href) => href.startsWith('https://'));
    const [request] = await Promise.all([
      page.waitForRequest((request) => request.url().startsWith('https://developers.acme-sign.example/api/')),
      page.locator('.search-hit__link').nth(external).click(),
    ]);
    expect(request.isNavigationRequest()).toBe(true);
    await context.close();
  });

  it('fills the search page from the hosted index, 20 hits per request', async () => {
    const { page, context } = await open(withoutInsights, '/search/?q=bundle');
    await page.waitForSelector('.search-page__result');
    expect(await page.locator('.search-page__count').textContent()).toMatch(/^\d+ documents found$/);
    expect(await page.locator('.search-page__result').count()).toBe(20);
    const pages = queries().map((entry) =>
      new URLSearchParams((entry.request.body as { requests: { params: string }[] }).requests[0].params).get(
        'hitsPerPage',
      ),
    );
    expect(pages.at(-1)).toBe('20');
    await context.close();
  });
});

describe('hosted search: nothing from the service is trusted', () => {
  // Every string field carries markup that would run script or add an element if inserted as HTML.
  const payload = (n: number) =>
    `<img id="injected-img-${n}" src="x" onerror="alert(${n})"><svg id="injected-svg-${n}" onload="alert(${n})"></svg>`;
  const empty = { lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const hostileHits = [
    {
      objectID: 'highlighted',
      type: 'lvl2',
      // Matches the site's external pattern, so it would stay absolute: a script link.
      url: 'javascript:alert(1)//developers.acme-sign.example/api/',
      content: null,
      hierarchy: { lvl0: `Docs ${payload(1)}`, lvl1: `Guide ${payload(2)}`, lvl2: `Bundles ${payload(3)}`, ...empty },
      _highlightResult: {
        hierarchy: {
          lvl0: { value: `Docs ${payload(4)}` },
          lvl1: { value: `Guide ${payload(5)}` },
          lvl2: { value: `<mark>Bundle</mark>s &lt;b&gt; ${payload(6)}` },
        },
      },
      _snippetResult: {
        hierarchy: {
          lvl1: { value: `Guide ${payload(7)}` },
          lvl2: { value: `<mark>Bundle</mark>s &lt;b&gt; ${payload(8)}` },
        },
        content: { value: `A <mark>bundle</mark> ${payload(9)}` },
      },
    },
    {
      objectID: 'raw',
      type: 'content',
      url: 'data:text/html,<script>alert(10)</script>',
      // No highlight or snippet: the modal and the page fall back to the raw record.
      content: `Raw content ${payload(11)}`,
      hierarchy: { lvl0: `Docs ${payload(12)}`, lvl1: `Raw page ${payload(13)}`, lvl2: null, ...empty },
    },
  ];

  async function openHostile(route: string) {
    for (let i = 0; i < fake.hosts.length; i++) await fake.setFault(i, { kind: 'hits', hits: hostileHits });
    // With the Content-Security-Policy off, only the rendering stands between the service and script.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(withoutInsights.url + route);
    return { page, context, dialogs };
  }

  async function expectNothingInjected(page: Page, dialogs: string[]) {
    // Time for an onerror or onload to fire, had any element been created.
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await page.locator('[id^="injected-"]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0);
  }

  it('shows highlights, snippets and raw records in the modal as text, only <mark> as markup', async () => {
    const { page, context, dialogs } = await openHostile('/docs/introduction/');
    await search(page, 'bundle');
    await expect.poll(() => page.locator('.search-hit').count()).toBe(2);
    await expectNothingInjected(page, dialogs);
    const highlighted = page.locator('.search-hit__title').filter({ hasText: 'Bundles' });
    expect(await highlighted.locator('mark').allTextContents()).toEqual(['Bundle']);
    expect(await highlighted.textContent()).toBe(`Bundles <b> ${payload(8)}`);
    expect(await page.locator('.search-hit__title').filter({ hasText: 'Raw content' }).textContent()).toBe(
      `Raw content ${payload(11)}`,
    );
    expect(
      await page.locator('.search-hit__link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual([null, null]);
    await context.close();
  });

  it('shows them on the search page as text too, only <mark> as markup', async () => {
    const { page, context, dialogs } = await openHostile('/search/?q=bundle');
    await page.waitForSelector('.search-page__result:nth-child(2)');
    await expectNothingInjected(page, dialogs);
    const [first, second] = await page.locator('.search-page__result-title').all();
    expect(await first.locator('mark').allTextContents()).toEqual(['Bundle']);
    expect(await first.textContent()).toBe(`Bundles <b> ${payload(6)}`);
    expect(await page.locator('.search-page__snippet mark').allTextContents()).toEqual(['bundle']);
    expect(await second.textContent()).toBe(`Raw page ${payload(13)}`);
    expect(await page.locator('.search-page__breadcrumbs').first().textContent()).toContain(payload(4));
    await context.close();
  });
});
