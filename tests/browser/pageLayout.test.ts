import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import matter from 'gray-matter';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage } from '../helpers/browserPage.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

let browser: Browser;
let docsRoutes: string[];
beforeAll(async () => {
  browser = await launchChromium();
  const { routes } = JSON.parse(await readFile(path.join(inject('siteDir'), 'routes.json'), 'utf8')) as {
    routes: string[];
  };
  docsRoutes = routes.filter((route) => route.startsWith('/docs/'));
});
afterAll(async () => {
  await browser?.close();
});

/** The words of `selector`'s text whose letters lie on more than one line (measured with Range rects), and whether it overflows. */
function titleLayout(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const word of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) split.push(word[0]);
        }
      }
      return { text: element.textContent, split, overflows: element.scrollWidth > element.clientWidth + 1 };
    });
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('page titles', () => {
  for (const width of [1280, 996, 360]) {
    it(
      `never break inside a word, nor overflow, at ${width} px (every docs page, home, /api/, search, 404)`,
      { timeout: 240_000 },
      async () => {
        const { page, context } = await openPage(browser, '/', { viewport: { width, height: 800 } });
        const broken: string[] = [];
        const titles = [
          ...docsRoutes.map((route) => [route, '.markdown h1']),
          ['/', 'h1'],
          ['/api/', 'h1'],
          ['/search/?q=signature', 'h1'],
          ['/no-such-page/', 'h1'],
        ];
        for (const [route, selector] of titles) {
          await page.goto(new URL(route, page.url()).href);
          const { text, split, overflows } = await titleLayout(page, selector);
          if (split.length > 0 || overflows)
            broken.push(`${route} "${text}": ${split.length > 0 ? `split ${split.join(', ')}` : 'overflows'}`);
        }
        expect(broken).toEqual([]);
        await context.close();
      },
    );
  }

  it('keep the whole column: the page actions sit above the title (on the breadcrumbs row, or below it when the row is narrow)', async () => {
    for (const width of [1280, 996]) {
      const { page, context } = await openPage(browser, '/docs/esignature-api/authentication/', {
        viewport: { width, height: 800 },
      });
      const [title, actions, breadcrumbs, column] = await Promise.all(
        ['.markdown h1', '.doc-actions', '.breadcrumbs', '.docs-content article'].map((selector) =>
          box(page, selector),
        ),
      );
      expect(actions.y + actions.height).toBeLessThanOrEqual(title.y);
      expect(breadcrumbs.y + breadcrumbs.height).toBeLessThanOrEqual(title.y);
      // The title's text may run the column's whole width: nothing floats beside it.
      const lineWidth = await page.locator('.markdown h1').evaluate((h1) => {
        const range = document.createRange();
        range.selectNodeContents(h1);
        return Math.max(...[...range.getClientRects()].map((rect) => rect.right)) - h1.getBoundingClientRect().left;
      });
      expect(title.width).toBeCloseTo(column.width, 0);
      expect(lineWidth).toBeLessThanOrEqual(column.width);
      expect(
        await page
          .locator('.markdown h1')
          .evaluate((h1) => h1.getClientRects().length === 1 && h1.getBoundingClientRect().height < 80),
      ).toBe(true);
      await context.close();
    }
  });
});

describe('gutters and edges', () => {
  it('a docs page has equal gutters at 996 px (and below the TOC breakpoint)', async () => {
    for (const width of [996, 800]) {
      const { page, context } = await openPage(browser, '/docs/esignature-api/authentication/', {
        viewport: { width, height: 800 },
      });
      const content = await box(page, '.docs-content');
      const viewport = await page.evaluate(() => document.documentElement.clientWidth);
      expect(Math.abs(content.x - (viewport - content.x - content.width))).toBeLessThanOrEqual(1);
      expect(content.x).toBeGreaterThanOrEqual(16);
      await context.close();
    }
  });

  it('the home cards row lines up with the hero and the footer', async () => {
    for (const width of [1280, 996]) {
      const { page, context } = await openPage(browser, '/', { viewport: { width, height: 800 } });
      const [hero, cards, footer] = await Promise.all(
        ['.hero__inner', '.home-cards', '.footer__inner'].map((selector) => box(page, selector)),
      );
      const cardsContent = await page.locator('.home-cards .card').evaluateAll((all) => {
        const rects = all.map((card) => card.getBoundingClientRect());
        return {
          left: Math.min(...rects.map((rect) => rect.left)),
          right: Math.max(...rects.map((rect) => rect.right)),
        };
      });
      for (const edges of [hero, footer]) {
        expect(cardsContent.left).toBeCloseTo(edges.x, 0);
        expect(cardsContent.right).toBeCloseTo(edges.x + edges.width, 0);
      }
      expect(cards.width).toBeGreaterThan(cardsContent.right - cardsContent.left);
      await context.close();
    }
  });
});

describe('the home hero sample', () => {
  it('shows the sample_label of content/home.md as its caption, which is its accessible name', async () => {
    const { data } = matter(await readFile(path.join(projectRoot, 'content/home.md'), 'utf8'));
    const label = data.sample_label as string;
    const { page, context } = await openPage(browser, '/');
    const figure = page.getByRole('figure', { name: label, exact: true });
    expect(await figure.count()).toBe(1);
    expect(await figure.locator('figcaption').textContent()).toBe(label);
    expect(await figure.getAttribute('aria-label')).toBeNull();
    await context.close();
  });
});

describe('/api/', () => {
  it('wraps a list of allowed values between values, never inside one', { timeout: 120_000 }, async () => {
    for (const width of [1280, 996]) {
      const { page, context } = await openPage(browser, '/api/', { viewport: { width, height: 800 } });
      // A value split over two lines has two boxes.
      const split = await page
        .locator('.schema__enum')
        .evaluateAll((values) =>
          values.filter((value) => value.getClientRects().length > 1).map((value) => value.textContent),
        );
      expect(await page.locator('.schema__enum').count()).toBeGreaterThan(20);
      expect(split, `at ${width} px`).toEqual([]);
      await context.close();
    }
  });

  it('writes pattern values as code, as it writes examples', async () => {
    const { page, context } = await openPage(browser, '/api/');
    const patterns = await page.locator('.schema__meta').evaluateAll((metas) =>
      metas
        .filter((meta) => meta.textContent!.includes('matches '))
        .map((meta) => ({
          text: meta.textContent,
          code: [...meta.querySelectorAll('code')].map((code) => code.textContent),
        })),
    );
    expect(patterns.length).toBeGreaterThan(5);
    for (const { text, code } of patterns) expect(code, text!).toContain(text!.split('matches ')[1]);
    expect(patterns.some(({ code }) => code.includes('^[A-Za-z0-9_-]{2,20}$'))).toBe(true);
    const fontOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((code) => getComputedStyle(code).fontFamily);
    expect(await fontOf('.schema__meta code:not(.schema__enum)')).toBe(await fontOf('.api-params .schema__meta code'));
    await context.close();
  });

  it('marks the operation in view in its sidebar, and keeps it in sight there', async () => {
    const { page, context } = await openPage(browser, '/api/#operation/getRateLimit');
    const inView = () => page.locator('.api-sidebar .menu__link--in-view');
    const inSight = () =>
      page.locator('.api-sidebar .menu__link--in-view').evaluate((link) => {
        const list = link.closest('.sidebar')!.getBoundingClientRect();
        const rect = link.getBoundingClientRect();
        return rect.top >= list.top && rect.bottom <= Math.min(list.bottom, innerHeight);
      });
    await expect.poll(() => inView().getAttribute('href')).toBe('#operation/getRateLimit');
    expect(await inView().count()).toBe(1);
    expect(await inSight()).toBe(true);
    // Back up to the first operation: the list scrolls back with the reader.
    await page.evaluate(() => document.getElementById('operation/listBundles')!.scrollIntoView());
    await expect.poll(() => inView().getAttribute('href')).toBe('#operation/listBundles');
    expect(await inSight()).toBe(true);
    await context.close();
  });
});

describe('/search/', () => {
  it('gives every hit its place by one rule: section, page, headings above it, each once', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    const sections = await page
      .locator('.docs-sidebar .sidebar > ul > li')
      .evaluateAll((items) => items.map((item) => item.querySelector('.menu__link')!.textContent!.trim()));
    const hits: { title: string; crumbs: string[]; url: string }[] = [];
    for (const query of ['faq', 'key', 'webhook']) {
      await page.goto(new URL(`/search/?q=${query}`, page.url()).href);
      await page.locator('.search-page__result').first().waitFor();
      hits.push(
        ...(await page.locator('.search-page__result').evaluateAll((results) =>
          results.map((result) => ({
            title: result.querySelector('h2')!.textContent!,
            crumbs: [...result.querySelectorAll('.search-page__breadcrumbs li')].map((crumb) => crumb.textContent!),
            url: new URL(result.querySelector('a')!.href).pathname,
          })),
        )),
      );
    }
    for (const { title, crumbs, url } of hits) {
      const where = `${title} (${url}): ${crumbs.join(' › ')}`;
      expect(
        crumbs.every((crumb, index) => crumb !== (crumbs[index + 1] ?? title)),
        where,
      ).toBe(true);
      if (url.startsWith('/docs/') && crumbs.length > 0) expect(sections, where).toContain(crumbs[0]);
      if (url.startsWith('/api/')) expect(crumbs[0], where).toBe('API reference');
    }
    const faqHeading = hits.find((hit) => hit.url === '/docs/faq/' && hit.crumbs.length === 1);
    expect(faqHeading?.crumbs).toEqual(['FAQ']);
    expect(hits.find((hit) => hit.url === '/docs/faq/' && hit.title === 'FAQ')?.crumbs).toEqual([]);
    expect(hits.find((hit) => hit.url === '/docs/esignature-api/webhook/' && hit.title === 'Webhooks')?.crumbs).toEqual(
      ['eSignature API'],
    );
    await context.close();
  });
});
