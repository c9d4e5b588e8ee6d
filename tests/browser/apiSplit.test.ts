import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { servedBuild, type ServedBuild } from '../helpers/servedBuild.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { nuCheckerErrors } from '../helpers/nuChecker.ts';
import { seriousViolations } from '../helpers/axeViolations.ts';
import { withDescriptionHeadings, writeSplitApiSite } from '../helpers/splitApiSite.ts';

let browser: Browser;
let served: ServedBuild;
let url: string;
let outDir: string;
const page = (route: string) => readFile(path.join(outDir, route, 'index.html'), 'utf8');

beforeAll(async () => {
  browser = await launchChromium();
  served = await servedBuild(async () => withDescriptionHeadings(await writeSplitApiSite()));
  ({ url, outDir } = served);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('a reference above the split threshold', () => {
  it('is an overview at /api/ and a page per tag, then the webhooks and the schemas', async () => {
    const overview = await page('api');
    const links = [
      ...overview.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a> <span class="api-pages__count">\((\d+)\)/g),
    ].map((match) => match.slice(1));
    expect(links).toEqual([
      ['/api/things/', 'Things', '2'],
      ['/api/signers-1/', 'Signers #1', '1'],
      ['/api/berweisungen/', 'Überweisungen', '1'],
      ['/api/webhooks/', 'Webhooks sent to you', '1'],
      ['/api/schemas/', 'Schemas', '2'],
    ]);
    expect(overview).toContain('id="introduction"');
    expect(overview).not.toContain('id="operation/listThings"');
  });

  it('marks the page shown in the navigation, lists its operations, and links the pages before and after it', async () => {
    const things = await page('api/things');
    expect(things).toContain(
      '<a class="menu__link menu__link--category menu__link--active" href="/api/things/" aria-current="page">Things</a>',
    );
    expect(things).toContain('href="#operation/listThings"');
    expect(things).toContain('href="#operation/get-thing"');
    // Another tag's operations are on its own page, not listed here.
    expect(things).not.toContain('operation/signer');
    expect(things).toMatch(
      /<a class="pagination-nav__link pagination-nav__link--prev" href="\/api\/" rel="prev">.*Overview/,
    );
    expect(things).toMatch(
      /<a class="pagination-nav__link pagination-nav__link--next" href="\/api\/signers-1\/" rel="next">.*Signers #1/,
    );
  });

  it('links a schema to its section on the schemas page, written as a link may hold it', async () => {
    const signers = await page('api/signers-1');
    expect(signers).toContain('id="operation/signer#create"');
    expect(signers).toContain('href="#operation/signer%23create"');
    const schemas = await page('api/schemas');
    expect(schemas).toContain('id="schema/Signer-Ü"');
    expect(await page('api/things')).toContain('href="/api/schemas/#schema/Signer-%C3%9C"');
  });

  it("gives each page one h1, its title, and an outline without gaps, the descriptions' own headings included", async () => {
    const outlines: Record<string, [number, string][]> = Object.fromEntries(
      await Promise.all(
        ['api', 'api/things', 'api/webhooks', 'api/schemas'].map(async (route) => [
          route,
          outlineOf(await page(route)),
        ]),
      ),
    );
    for (const [route, outline] of Object.entries(outlines)) {
      expect(
        outline.filter(([level]) => level === 1),
        route,
      ).toHaveLength(1);
      expect(outline[0][0], route).toBe(1);
      const skips = outline.filter(([level], index) => index > 0 && level > outline[index - 1][0] + 1);
      expect(skips, route).toEqual([]);
    }
    expect(outlines['api'][0]).toEqual([1, 'Split API 1.0.0']);
    // A tag's title is the page's h1; its description's heading, and its operations', h2; an operation's parts', h3.
    expect(outlines['api/things']).toEqual(
      expect.arrayContaining([
        [1, 'Things'],
        [2, 'Kinds of things'],
        [2, 'List things'],
        [3, 'Paging'],
        [3, 'Responses'],
      ]),
    );
    expect(outlines['api/webhooks']).toEqual(
      expect.arrayContaining([
        [1, 'Webhooks sent to you'],
        [2, 'A thing was made'],
        [3, 'Retries'],
        [3, 'Your responses'],
      ]),
    );
    expect(outlines['api/schemas']).toEqual(
      expect.arrayContaining([
        [1, 'Schemas'],
        [2, 'Bundle'],
        [3, 'Sending'],
      ]),
    );
  });

  it('has no error the Nu HTML Checker finds on any of its pages', async () => {
    const pages = ['api', 'api/things', 'api/signers-1', 'api/berweisungen', 'api/webhooks', 'api/schemas'].map(
      (route) => path.join(route, 'index.html'),
    );
    expect(await nuCheckerErrors(outDir, pages)).toEqual([]);
  }, 300_000);

  it(
    'has no serious or critical axe-core violation (every rule) on its overview, a tag page and a schemas page, and underlines links in text',
    { timeout: 240_000 },
    async () => {
      const { context, tab } = await newTab(900);
      for (const route of ['/api/', '/api/things/', '/api/schemas/']) {
        await tab.goto(`${url}${route}`);
        expect(await seriousViolations(tab), route).toEqual([]);
      }
      // Moderate, so not among the above: a page without an h1 (a tag's page had none), headings that skip a level.
      for (const route of ['/api/', '/api/things/', '/api/webhooks/', '/api/schemas/']) {
        await tab.goto(`${url}${route}`);
        const { violations } = await new AxeBuilder({ page: tab })
          .withRules(['page-has-heading-one', 'heading-order', 'empty-heading'])
          .analyze();
        expect(
          violations.map((violation) => violation.id),
          route,
        ).toEqual([]);
      }
      // axe finds a link in text told apart by colour alone only where the text around it is long enough
      // (Box's 'AI (5)', not 'Things (2)'): links in text are underlined, the overview's and a schema's.
      for (const [route, links] of [
        ['/api/', '.api-pages a'],
        // Not a heading's `#` link (hidden from assistive technology, out of the tab order).
        ['/api/schemas/', '.schema__description a:not(.hash-link)'],
      ]) {
        await tab.goto(`${url}${route}`);
        const decorations = await tab
          .locator(links)
          .evaluateAll((found) => found.map((link) => getComputedStyle(link).textDecorationLine));
        expect(new Set(decorations), links).toEqual(new Set(['underline']));
      }
      // A path as long as GitHub's longest wraps inside its box, which does not scroll (nor reach past the column).
      await tab.goto(`${url}/api/things/`);
      const endpoint = tab.locator('.api-endpoint').first();
      const fits = await endpoint.evaluate((box) => {
        box.querySelector('code')!.textContent =
          '/repos/{owner}/{repo}/actions/runs/{run_id}/pending_deployments/{environment_name}/reviews';
        const column = box.parentElement!.getBoundingClientRect();
        return box.scrollWidth <= box.clientWidth && box.getBoundingClientRect().right <= column.right;
      });
      expect(fits).toBe(true);
      await context.close();
    },
  );

  it('takes a link made to the reference on one page, /api/#operation/<id>, to the operation on its page', async () => {
    const { context, tab } = await newTab(900);
    for (const [anchor, route] of [
      ['operation/signer%23create', '/api/signers-1/'],
      ['operation/%C3%BCberweisungenListe', '/api/berweisungen/'],
      ['schema/Bundle', '/api/schemas/'],
    ]) {
      await tab.goto(`${url}/api/#${anchor}`);
      await tab.waitForURL((address) => address.pathname === route);
      const id = decodeURIComponent(anchor);
      await tab.waitForFunction((target) => {
        const element = document.getElementById(target);
        if (!element) return false;
        const { top } = element.getBoundingClientRect();
        return top >= 0 && top < innerHeight;
      }, id);
      expect(new URL(tab.url()).hash).toBe(`#${anchor}`);
    }
    await context.close();
  });
});

describe("the overview's forward of an anchor on another page", () => {
  it("happens in its head, before any of the page's scripts: with none of them loading, the link still arrives", async () => {
    const { context, tab } = await newTab(900);
    // The runtime and its chunks fail to load: only the inline head snippet runs.
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await tab.goto(`${url}/api/#operation/signer%23create`);
    await tab.waitForURL((address) => address.pathname === '/api/signers-1/');
    expect(new URL(tab.url()).hash).toBe('#operation/signer%23create');
    expect(await tab.locator('[id="operation/signer#create"]').count()).toBe(1);
    // An anchor on the overview itself, or on no page, stays.
    for (const anchor of ['#introduction', '#operation/nowhere', '#constructor', '#__proto__']) {
      await tab.goto(`${url}/api/${anchor}`);
      await tab.waitForLoadState('load');
      expect(new URL(tab.url()).pathname, anchor).toBe('/api/');
    }
    await context.close();
  });

  it('follows a later change of the anchor on an overview that navigation swapped in', async () => {
    const { context, tab } = await newTab(900);
    await tab.goto(`${url}/api/things/`);
    await tab.waitForLoadState('load');
    await tab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await tab.locator('.pagination-nav__link--prev').click();
    await tab.waitForURL((address) => address.pathname === '/api/');
    await tab.locator('#introduction').waitFor();
    expect(await tab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await tab.evaluate(() => (location.hash = '#operation/%C3%BCberweisungenListe'));
    await tab.waitForURL((address) => address.pathname === '/api/berweisungen/');
    expect(new URL(tab.url()).hash).toBe('#operation/%C3%BCberweisungenListe');
    await context.close();
  });
});

describe('a tag page of a split reference', () => {
  it("shows its descriptions' headings, a level up, as the reference on one page shows them", async () => {
    const { context, tab } = await newTab(900);
    await tab.goto(`${url}/api/things/`);
    // Each heading beside the same text one level down, as one page has it, in a description outside the lifted part.
    const looks = await tab.evaluate(() => {
      const look = (element: Element) => {
        const style = getComputedStyle(element);
        return [style.fontSize, style.marginTop, style.marginBottom, style.lineHeight].join(' ');
      };
      const pairs: [string, string, string][] = [];
      for (const heading of document.querySelectorAll('.api-tag .markdown :is(h2, h3, h4)')) {
        const onOnePage = document.createElement(`h${Number(heading.tagName[1]) + 1}`);
        onOnePage.textContent = heading.textContent;
        const description = document.createElement('div');
        description.className = 'markdown';
        description.append(onOnePage);
        document.querySelector('.api-content')!.append(description);
        pairs.push([heading.textContent!, look(heading), look(onOnePage)]);
      }
      return pairs;
    });
    expect(looks.map(([text]) => text)).toEqual(expect.arrayContaining(['Kinds of things#', 'Paging#']));
    for (const [text, lifted, onOnePage] of looks) expect(lifted, text).toBe(onOnePage);
    await context.close();
  });

  it('marks the operation in view in its sidebar, not the links to other pages', async () => {
    const { context, tab } = await newTab(500);
    await tab.goto(`${url}/api/things/`);
    const inView = () =>
      tab
        .locator('.api-sidebar .menu__link--in-view')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    await tab.evaluate(() => document.getElementById('operation/get-thing')!.scrollIntoView());
    await expect.poll(inView).toEqual(['#operation/get-thing']);
    await tab.evaluate(() => document.getElementById('operation/listThings')!.scrollIntoView());
    await expect.poll(inView).toEqual(['#operation/listThings']);
    // The page's own entry stays marked as the page shown.
    expect(await tab.locator('.api-sidebar [aria-current="page"]').textContent()).toBe('Things');
    await context.close();
  });
});

describe('a schemas page of a split reference', () => {
  it('scrolls the sidebar, not the page, to its own entry, the last one', async () => {
    const { context, tab } = await newTab(260);
    await tab.goto(`${url}/api/schemas/`);
    const entry = tab.locator('.api-sidebar [aria-current="page"]');
    expect(await entry.textContent()).toBe('Schemas');
    await expect.poll(() => entry.evaluate(visibleInItsList)).toBe(true);
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

/** The headings in a page's `<main>`, in order: each one's level and text. */
function outlineOf(html: string): [number, string][] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, level, inner]) => [
    Number(level),
    inner
      .replace(/<a class="hash-link"[\s\S]*?<\/a>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  ]);
}

/** A tab of its own, `height` px high, that reaches nothing beyond this machine. */
async function newTab(height: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  return { context, tab: await context.newPage() };
}

/** Whether the whole of `link` is inside the visible part of the list that scrolls it. */
function visibleInItsList(link: Element): boolean {
  let box = link.parentElement;
  while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
  const outer = box!.getBoundingClientRect();
  const inner = link.getBoundingClientRect();
  return box!.scrollHeight > box!.clientHeight && inner.top >= outer.top && inner.bottom <= outer.bottom;
}
