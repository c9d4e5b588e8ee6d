import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { largeSidebarPages } from '../helpers/largeSidebarPages.ts';
import { writeDocsSection, writeLargeSite } from '../helpers/largeSite.ts';

/** The large fixture and `omega/`: 150 pages, a list long enough to be shown as a window around the page. */
async function writeSiteWithLongCategory(): Promise<string> {
  const site = await writeLargeSite();
  await writeDocsSection(site, { dir: 'omega', label: 'Omega', position: 6, pages: 150, withIndex: true });
  return site;
}

const { open } = largeSidebarPages(writeSiteWithLongCategory);

/** The rows of a list in the sidebar: a page's number ("075"), or "gap N" for "Show N more". */
const rows = (page: Page, list: string) =>
  page
    .locator(`${list} > ul > li > a`)
    .evaluateAll((links) =>
      links.map((link) =>
        link.classList.contains('menu__link--gap')
          ? `gap ${/\d+/.exec(link.textContent!)![0]}`
          : /page-(\d+)/.exec(link.getAttribute('href')!)![1],
      ),
    );
const omega = '.docs-sidebar #sidebar-omega';
const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, n) => String(from + n).padStart(3, '0'));
const window75 = [...numbers(1, 3), 'gap 68', ...numbers(72, 78), 'gap 69', ...numbers(148, 150)];
const whole = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.docs-sidebar [data-sidebar-window]') === null);
const shown = (page: Page, title: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('.route-announcer')?.textContent === expected,
    `${title} | Fixture Docs`,
  );
const top = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

/** Every axe rule, not only the serious ones. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

describe('a long category in a large sidebar', () => {
  it('shows a window around the page, its ends and gaps saying what they hide, each item its place in the list', async () => {
    const { page, context, errors, lists } = await open('/docs/omega/page-075/');
    expect(await rows(page, omega)).toEqual(window75);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Omega 075');
    expect(
      await page.locator(`${omega} a[href="/docs/omega/page-075/"]`).evaluate((link) => {
        const item = link.parentElement!;
        return [item.getAttribute('aria-posinset'), item.getAttribute('aria-setsize')];
      }),
    ).toEqual(['75', '150']);
    // Previous and next pages are in the window.
    for (const rel of ['prev', 'next']) {
      const href = await page.locator(`.pagination-nav a[rel="${rel}"]`).getAttribute('href');
      expect(await page.locator(`${omega} a[href="${href}"]`).isVisible()).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    // Nothing asked the whole list: the reader has not scrolled the sidebar or opened a gap.
    expect(lists).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the whole list from the keyboard: the first item the gap hid gets focus, the item above stays put', async () => {
    const { page, context, errors, lists } = await open('/docs/omega/page-075/');
    const above = `${omega} a[href="/docs/omega/page-003/"]`;
    const before = await top(page, above);
    await page.locator(`${omega} .menu__link--gap`).first().focus();
    await page.keyboard.press('Enter');
    await whole(page);
    expect(await rows(page, omega)).toEqual(numbers(1, 150));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/docs/omega/page-004/');
    expect(await top(page, above)).toBe(before);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Omega 075');
    expect(await page.locator(`${omega} li[aria-posinset]`).count()).toBe(0);
    expect(lists).toEqual(['/_sidebar/omega/']);
    expect(await axeViolations(page)).toEqual([]);
    // Navigating within the category keeps the whole list, the new page marked.
    const sidebar = await page.locator('.docs-sidebar').elementHandle();
    await page.click(`${omega} a[href="/docs/omega/page-120/"]`);
    await shown(page, 'Omega 120');
    expect(await sidebar!.evaluate((element) => element.isConnected)).toBe(true);
    expect(await rows(page, omega)).toEqual(numbers(1, 150));
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Omega 120');
    expect(lists).toEqual(['/_sidebar/omega/']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the whole list when the sidebar is scrolled, what was in view staying in place', async () => {
    // A window short enough for the sidebar to scroll.
    const { page, context, errors, lists } = await open('/docs/omega/page-075/', {
      viewport: { width: 1280, height: 400 },
    });
    // Omega's first items are in view; the page (075) is below the sidebar's fold.
    const inView = `${omega} a[href="/docs/omega/page-003/"]`;
    await page.locator('.docs-sidebar > .sidebar').hover();
    const before = await top(page, inView);
    await page.mouse.wheel(0, 40);
    await whole(page);
    // The wheel moved the list by up to 40 px; the 68 items put in place of the gap below did not move it.
    const moved = before - (await top(page, inView));
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(moved).toBeLessThanOrEqual(40);
    expect(await rows(page, omega)).toEqual(numbers(1, 150));
    expect(lists).toEqual(['/_sidebar/omega/']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the window on the page moved to when the list was not loaded, and leads a reader without scripts to the whole list', async () => {
    const { page, context, errors } = await open('/docs/omega/page-075/');
    await page.click('.pagination-nav a[rel="next"]');
    await shown(page, 'Omega 076');
    expect(await rows(page, omega)).toEqual([
      ...numbers(1, 3),
      'gap 69',
      ...numbers(73, 79),
      'gap 68',
      ...numbers(148, 150),
    ]);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Omega 076');
    expect(errors).toEqual([]);
    await context.close();

    const noScript = await open('/docs/omega/page-075/', { javaScriptEnabled: false });
    expect(await rows(noScript.page, omega)).toEqual(window75);
    await noScript.page.locator(`${omega} .menu__link--gap`).first().click();
    await noScript.page.locator('h1', { hasText: 'All sections' }).waitFor();
    expect(new URL(noScript.page.url()).hash).toBe('#sidebar-omega');
    expect(await noScript.page.locator('#sidebar-omega a[href="/docs/omega/page-040/"]').count()).toBe(1);
    await noScript.context.close();
  });

  it('works in the mobile menu, with ids of its own', async () => {
    const { page, context, errors } = await open('/docs/omega/page-075/', { viewport: { width: 800, height: 900 } });
    await page.click('.navbar__toggle');
    const list = '.mobile-menu__secondary [id="mobile-sidebar-omega"]';
    expect(await rows(page, list)).toEqual(window75);
    await page.locator(`${list} .menu__link--gap`).last().click();
    await page.locator(`${list} a[href="/docs/omega/page-100/"]`).waitFor();
    expect(await rows(page, list)).toEqual(numbers(1, 150));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/docs/omega/page-079/');
    const ids = await page.evaluate(() => {
      const all = [...document.querySelectorAll('[id]')].map((element) => element.id);
      return all.filter((id, index) => all.indexOf(id) !== index);
    });
    expect(ids).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
