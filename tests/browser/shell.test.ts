import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { openPage, siteUrl } from '../helpers/browserPage.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('page shell', () => {
  it('starts with a skip link that moves focus to the main content', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#__docsgen_content');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docsgen_content');
    await context.close();
  });

  it('puts every navbar item on the right, in order', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    const labels = await page
      .locator('.navbar__items > .navbar__item')
      .evaluateAll((items) =>
        items.map((item) => (item.matches('a') ? item : item.querySelector('button'))!.textContent),
      );
    expect(labels).toEqual(['View Docs', 'v2.9.0', 'Help', 'GitHub']);
    const brand = await page.locator('.navbar .navbar__brand').boundingBox();
    const items = await page.locator('.navbar__items').boundingBox();
    expect(items!.x).toBeGreaterThan(brand!.x + brand!.width + 200);
    expect(items!.x + items!.width).toBeGreaterThan(1280 - 40);
    expect(await page.locator('.navbar__items a[href="https://help.acme-sign.example"]').getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(await page.locator('.navbar__items .navbar__link').first().getAttribute('href')).toBe('/docs/introduction/');
    await context.close();
  });

  it("paints the shell's icons from the stylesheet, once, not as SVG in every page", async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/');
    // The page's own markup: no icon drawn inline outside the content.
    expect(await page.locator('body > :not(.main-wrapper) svg, .docs-sidebar svg').count()).toBe(0);
    const icons = await page.locator('.navbar .icon, .footer .icon, .breadcrumbs .icon').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return {
          mask: style.maskImage.startsWith('url("data:image/svg+xml'),
          width: box.width,
          colour: style.backgroundColor,
        };
      }),
    );
    // Help and GitHub's external marks, sun, search, home, the footer's three external marks (menu and moon hidden at 1280 in light mode).
    expect(icons.length).toBe(10);
    for (const icon of icons) expect(icon.mask).toBe(true);
    const shown = icons.filter((icon) => icon.width > 0);
    expect(shown.length).toBe(8);
    for (const icon of shown) expect(icon.colour).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('keeps its icons visible in forced colours (Windows High Contrast), light and dark', async () => {
    // Forced colours replace backgrounds with the page's: a mask over the background colour would vanish.
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openPage(browser, '/docs/introduction/', {
        forcedColors: 'active',
        colorScheme,
        viewport: { width: 996, height: 900 },
      });
      const icons = await page.locator('.navbar .icon, .breadcrumbs .icon').evaluateAll((elements) =>
        elements
          .filter((element) => element.getBoundingClientRect().width > 0)
          .map((element) => ({
            paint: getComputedStyle(element).backgroundColor,
            // The system's colour for the text of the link or button the icon is in.
            text: getComputedStyle(element.closest('a, button')!).color,
          })),
      );
      // The menu button's, the colour toggle's, search's and the breadcrumbs' home.
      expect(icons.length, colorScheme).toBeGreaterThanOrEqual(4);
      for (const icon of icons) expect(icon.paint, colorScheme).toBe(icon.text);
      // The buttons whose icon is a pseudo-element: copy the page, copy a code block, back to top.
      const buttons = await page
        .locator('.doc-actions__copy, .code-block__copy, .back-to-top')
        .evaluateAll((elements) =>
          elements.map((element) => ({
            paint: getComputedStyle(element, element.matches('.back-to-top') ? '::after' : '::before').backgroundColor,
            text: getComputedStyle(element).color,
          })),
        );
      expect(buttons.length, colorScheme).toBeGreaterThanOrEqual(3);
      for (const button of buttons) expect(button.paint, colorScheme).toBe(button.text);
      await context.close();
    }
  });

  it('has a 300 px docs sidebar marking the current page, and breadcrumbs', async () => {
    const { page, context } = await openPage(browser, '/docs/esignature-api/webhook/');
    expect((await page.locator('.docs-sidebar').boundingBox())!.width).toBe(300);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Webhooks');
    expect(await page.locator('.breadcrumbs li').allTextContents()).toEqual(['', 'eSignature API', 'Webhooks']);
    const caret = page.locator('.docs-sidebar .menu__caret').first();
    const expandedBefore = await caret.getAttribute('aria-expanded');
    await caret.click();
    expect(await caret.getAttribute('aria-expanded')).not.toBe(expandedBefore);
    await context.close();
  });

  it('lists h2 and h3 in the TOC and highlights the heading in view', async () => {
    const { page, context } = await openPage(browser, '/docs/esignature-api/webhook/');
    const ids = await page
      .locator('.toc--desktop .toc__link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).hash.slice(1)));
    const levels = await page.evaluate(
      (list) => list.map((id) => document.getElementById(decodeURIComponent(id))?.tagName),
      ids,
    );
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
    const total = await page.locator('.markdown h2, .markdown h3').count();
    expect(ids).toHaveLength(total);
    const middle = ids[Math.floor(ids.length / 2)];
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), middle);
    await page.waitForFunction(
      (id) => document.querySelector('.toc--desktop .toc__link--active')?.getAttribute('href') === `#${id}`,
      middle,
    );
    await context.close();
  });

  it('gives narrow screens the TOC beside the page, copied in when first opened, and without scripts shows it below the page', async () => {
    const html = await (await fetch(`${siteUrl()}/docs/quick-start/`)).text();
    expect(html.match(/<ul class="toc /g)).toHaveLength(1);
    const { page, context, errors } = await openPage(browser, '/docs/quick-start/', {
      viewport: { width: 390, height: 800 },
    });
    const links = (list: string) =>
      page
        .locator(`${list} .toc__link`)
        .evaluateAll((found) => found.map((link) => `${link.getAttribute('href')} ${link.textContent}`));
    await page.click('.toc-mobile > summary');
    const quickStart = await links('.toc-mobile .toc--mobile');
    expect(quickStart.length).toBeGreaterThan(3);
    expect(quickStart).toEqual(await links('.docs-toc .toc--desktop'));
    expect(await page.locator('.toc-mobile .toc__link').first().isVisible()).toBe(true);
    // A page navigation swaps in: its own list, copied once.
    await page.click('.markdown a[href="/docs/esignature-api/webhook/"]');
    await page.waitForURL(`${siteUrl()}/docs/esignature-api/webhook/`);
    await page.click('.toc-mobile > summary');
    await page.click('.toc-mobile > summary');
    await page.click('.toc-mobile > summary');
    expect(await page.locator('.toc-mobile .toc').count()).toBe(1);
    const webhook = await links('.toc-mobile .toc--mobile');
    expect(webhook).toEqual(await links('.docs-toc .toc--desktop'));
    expect(webhook).not.toEqual(quickStart);
    expect(errors).toEqual([]);
    await context.close();

    const noScripts = await openPage(browser, '/docs/quick-start/', {
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    expect(await noScripts.page.locator('.toc-mobile').isVisible()).toBe(false);
    const below = noScripts.page.locator('.docs-toc .toc__link').first();
    expect(await below.isVisible()).toBe(true);
    const [toc, content] = await Promise.all(
      ['.docs-toc', '.docs-content'].map((selector) => noScripts.page.locator(selector).boundingBox()),
    );
    expect(toc!.y).toBeGreaterThanOrEqual(content!.y + content!.height);
    expect(content!.width).toBeLessThanOrEqual(390);
    await noScripts.context.close();
  });

  it('closes the announcement bar and remembers it', async () => {
    const { page, context } = await openPage(browser, '/');
    await expect.poll(() => page.locator('.announcement').isVisible()).toBe(true);
    await page.click('.announcement__close');
    expect(await page.locator('.announcement').isVisible()).toBe(false);
    await page.reload();
    expect(await page.locator('.announcement').isVisible()).toBe(false);
    await context.close();
  });

  it('remembers the docs version choice in local storage without a namespace', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/');
    await page.click('.dropdown__toggle');
    // The version's link leads to the same page in that version (#27).
    expect(await page.getAttribute('[data-docs-version="current"]', 'href')).toBe('/docs/faq/');
    await page.click('[data-docs-version="current"]');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default')))
      .toBe('current');
    await context.close();
  });

  it('renders previous/next links and a footer with the legal links and copyright', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    expect(await page.locator('.pagination-nav__link--prev .pagination-nav__label').textContent()).toBe('Introduction');
    expect(await page.locator('.footer__link').allTextContents()).toEqual([
      'Privacy Policy',
      'Terms of Use',
      'Cookies Policy',
    ]);
    expect(await page.locator('.footer__logo').getAttribute('href')).toBe('https://www.acme-sign.example');
    expect(await page.locator('.footer__copyright').textContent()).toContain('2014-2025');
    await context.close();
  });

  it('serves the not-found page for unknown paths', async () => {
    const { page, context } = await openPage(browser, '/docs/no-such-page/');
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await context.close();
  });
});

describe('colour mode', () => {
  it('defaults to light even when the system prefers dark, toggles, persists, and never flashes', async () => {
    const { page, context } = await openPage(browser, '/docs/introduction/', { colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.click('.color-mode-toggle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.addInitScript(() => {
      // Record the theme at the moment <body> first exists, before any paint could happen.
      const observer = new MutationObserver(() => {
        if (document.body) {
          (window as unknown as { themeAtBody: string }).themeAtBody =
            document.documentElement.dataset.theme ?? 'unset';
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(27, 27, 29)');
    await context.close();
  });
});

describe('code blocks', () => {
  it('syncs the chosen language across tab groups and pages', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    const groups = page.locator('[data-tabs="code"]');
    expect(await groups.count()).toBeGreaterThan(1);
    await groups.first().locator('.tabs__tab[data-label="Python"]').click();
    const selected = await page.locator('[data-tabs="code"] .tabs__tab[aria-selected="true"]').allTextContents();
    expect(new Set(selected)).toEqual(new Set(['Python']));
    expect(await page.locator('.tabs__panel[data-label="Python"]:visible').count()).toBe(await groups.count());
    await page.goto(`${siteUrl()}/docs/esignature-api/pagination/`);
    expect(await page.locator('[data-tabs="code"] .tabs__tab[aria-selected="true"]').first().textContent()).toBe(
      'Python',
    );
    await page.locator('[data-tabs="code"] .tabs__tab[aria-selected="true"]').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('PHP');
    await context.close();
  });

  it('copies a block to the clipboard', async () => {
    const { page, context } = await openPage(browser, '/docs/quick-start/');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const block = page.locator('.code-block:visible').first();
    await block.hover();
    await block.locator('.code-block__copy').click();
    await expect.poll(() => block.locator('.code-block__copy').getAttribute('aria-label')).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('pre code').textContent());
    await context.close();
  });
});

describe('back to top', () => {
  it('appears when scrolling back up and returns to the top', async () => {
    const { page, context } = await openPage(browser, '/docs/esignature-api/webhook/');
    await page.mouse.wheel(0, 4000);
    await page.waitForFunction(() => window.scrollY > 3000);
    await page.mouse.wheel(0, -400);
    await expect
      .poll(() => page.locator('.back-to-top').evaluate((button) => button.classList.contains('back-to-top--visible')))
      .toBe(true);
    await page.click('.back-to-top');
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });
});

describe('mobile menu (≤ 996 px)', () => {
  it('shows the docs sidebar as a secondary menu, returns to the main menu, and closes on back navigation', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/', { viewport: { width: 996, height: 800 } });
    expect(await page.locator('.docs-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.navbar__items > .navbar__item').first().isVisible()).toBe(false);
    await page.click('.navbar__toggle');
    const menu = page.locator('#mobile-menu');
    expect(await menu.locator('.mobile-menu__panel').isVisible()).toBe(true);
    expect(await menu.locator('.mobile-menu__secondary [aria-current="page"]').textContent()).toBe('FAQ');
    await menu.locator('.mobile-menu__back').click();
    expect(await menu.locator('.mobile-menu__primary a', { hasText: 'View Docs' }).isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => menu.locator('.mobile-menu__panel').isVisible()).toBe(false);
    expect(page.url()).toBe(`${siteUrl()}/docs/faq/`);
    await context.close();
  });

  it('builds its header and main menu from the navbar when first opened, not from copies in the page', async () => {
    const html = await (await fetch(`${siteUrl()}/docs/faq/`)).text();
    expect(html).not.toContain('mobile-menu__primary');
    expect(html).not.toContain('mobile-menu__header');
    expect(html).not.toContain('<template');
    const { page, context } = await openPage(browser, '/docs/faq/', { viewport: { width: 390, height: 800 } });
    const items = (root: string) =>
      page.locator(`${root} > .navbar__item`).evaluateAll((found) => found.map((item) => item.outerHTML));
    await page.click('.navbar__toggle');
    const menu = page.locator('#mobile-menu');
    expect(await menu.locator('.mobile-menu__header .navbar__title').textContent()).toBe(
      await page.locator('.navbar .navbar__title').textContent(),
    );
    await menu.locator('.mobile-menu__back').click();
    const labels = await menu
      .locator('.mobile-menu__items > .navbar__item')
      .evaluateAll((found) =>
        found.map((item) => (item.matches('a') ? item : item.querySelector('button'))!.textContent),
      );
    expect(labels).toEqual(['View Docs', 'v2.9.0', 'Help', 'GitHub']);
    expect(await items('.mobile-menu__items')).toEqual(await items('.navbar__items'));
    // Another page: the menu's items follow the navbar's (its links and version menu change with the page).
    await page.click('.mobile-menu__items a[href="/docs/introduction/"]');
    await page.waitForURL(`${siteUrl()}/docs/introduction/`);
    await page.click('.navbar__toggle');
    await menu.locator('.mobile-menu__back').click();
    expect(await menu.locator('.mobile-menu__items').count()).toBe(1);
    expect(await items('.mobile-menu__items')).toEqual(await items('.navbar__items'));
    await context.close();
  });

  it('closes when the window becomes desktop width', async () => {
    const { page, context } = await openPage(browser, '/docs/faq/', { viewport: { width: 800, height: 800 } });
    await page.click('.navbar__toggle');
    expect(await page.locator('.mobile-menu__panel').isVisible()).toBe(true);
    await page.setViewportSize({ width: 997, height: 800 });
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(false);
    await context.close();
  });
});

describe('local storage unavailable', () => {
  it.each([
    [
      'missing',
      () =>
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('denied', 'SecurityError');
          },
        }),
    ],
    [
      'full',
      () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('full', 'QuotaExceededError');
        };
      },
    ],
  ])('%s: the site works, nothing persists, one warning', async (_name, breakStorage) => {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    await context.addInitScript(breakStorage);
    const page = await context.newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${siteUrl()}/docs/quick-start/`);
    await page.click('.color-mode-toggle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('.tabs__tab[data-label="PHP"]').first().click();
    await page.click('.announcement__close');
    expect(warnings.filter((text) => text.includes('local storage is unavailable'))).toHaveLength(1);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.locator('.announcement').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
