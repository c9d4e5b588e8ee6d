import { existsSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { idsIn } from '../../src/model/pageOutput.ts';
import { linksInHtml } from '../../src/links/generatedLinks.ts';
import { writeLargeSite } from '../helpers/largeSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';

let site: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');
const sidebarOf = (html: string) => {
  const start = html.indexOf('<nav class="sidebar"');
  return html.slice(start, html.indexOf('</nav>', start));
};
const pages = (dir: string, count: number) =>
  Array.from({ length: count }, (_, i) => `/docs/${dir}/page-${String(i + 1).padStart(2, '0')}/`);

beforeAll(async () => {
  site = await writeLargeSite();
  result = await build({ root: site });
}, 180_000);

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('lazy sidebar (a site over the threshold)', () => {
  it("leaves the links of collapsed categories out of a page and keeps its own category's", async () => {
    const sidebar = sidebarOf(await read('docs/alpha/page-07/index.html'));
    for (const href of pages('alpha', 60)) expect(sidebar).toContain(`href="${href}"`);
    expect(sidebar).toContain(
      '<a class="menu__link menu__link--active" href="/docs/alpha/page-07/" aria-current="page">Alpha 07</a>',
    );
    for (const href of [...pages('beta', 40), ...pages('beta/deep', 30), ...pages('gamma', 30), '/docs/beta/deep/'])
      expect(sidebar).not.toContain(`href="${href}"`);
    // Its other top-level items are in the shared list; in their place, the page of all sections.
    expect(sidebar).not.toContain('href="/docs/beta/"');
    expect(sidebar).not.toContain('Gamma');
    expect(sidebar).toMatch(
      /^<nav class="sidebar" aria-label="Docs sidebar" data-sidebar-sections="\/_sidebar\/sections-[0-9a-f]{10}\/">/,
    );
    expect(sidebar).toMatch(
      /<li class="menu__item"><a class="menu__link" href="\/_sidebar\/" data-no-prefetch="">All sections<\/a><\/li><\/ul>$/,
    );
  });

  it('writes the top-level list once: every item, each category collapsed, its list lazy', async () => {
    const src = /data-sidebar-sections="([^"]+)"/.exec(await read('docs/alpha/page-07/index.html'))![1];
    expect(/data-sidebar-sections="([^"]+)"/.exec(await read('docs/gamma/page-30/index.html'))![1]).toBe(src);
    const shared = await read(`${src}index.html`);
    expect(shared).toMatch(/^<ul class="menu__list"><li class="menu__item">.*<\/ul>$/);
    // A lazy category keeps its row (its link, its caret) and the empty list the caret controls.
    expect(shared).toContain(
      '<div class="menu__category menu__category--collapsed"><div class="menu__category-row"><a class="menu__link menu__link--category" href="/docs/beta/">Beta</a>' +
        `<button type="button" class="menu__caret" aria-expanded="false" aria-controls="sidebar-beta" aria-label="Expand sidebar category 'Beta'"></button></div>` +
        '<div id="sidebar-beta" class="menu__collapsible" data-sidebar-src="/_sidebar/beta/"></div></div>',
    );
    expect(shared).toContain('<span class="menu__link menu__link--category">Gamma</span>');
    expect(shared).toContain(
      '<div id="sidebar-gamma" class="menu__collapsible" data-sidebar-src="/_sidebar/gamma/"></div>',
    );
    expect(shared).toContain('data-sidebar-src="/_sidebar/alpha/"');
    expect(shared).toContain('href="/docs/intro/"');
    expect(shared).not.toContain('aria-current');
    expect(shared).not.toContain('/docs/alpha/page-');
  });

  it('lists every section and page on the page of all sections, for readers without scripts', async () => {
    const html = await read('_sidebar/index.html');
    expect(html).toContain('<h1>All sections</h1>');
    expect(html).toContain('<meta name="robots" content="noindex');
    for (const href of [...pages('alpha', 60), ...pages('beta', 40), ...pages('beta/deep', 30), ...pages('gamma', 30)])
      expect(html).toContain(`<a href="${href}">`);
    expect(html).toContain('<li id="sidebar-gamma">Gamma<ul>');
    expect(await read('sitemap.xml')).not.toContain('/_sidebar/');
  });

  it('opens every category leading to the page, its other sub-categories lazy', async () => {
    const sidebar = sidebarOf(await read('docs/beta/deep/page-03/index.html'));
    for (const href of [...pages('beta', 40), ...pages('beta/deep', 30)]) expect(sidebar).toContain(`href="${href}"`);
    expect(sidebar).toContain(`aria-controls="sidebar-beta/deep" aria-label="Collapse sidebar category 'Deep'"`);
    expect(sidebar).toContain('aria-current="page">Deep 03</a>');
    expect(sidebar).not.toContain('href="/docs/alpha/page-01/"');
    expect(sidebar).not.toContain('href="/docs/alpha/"');
  });

  it('keeps every id unique, and every caret controls an element of the page', async () => {
    for (const route of ['/docs/alpha/page-07/', '/docs/beta/deep/', '/docs/gamma/page-30/', '/docs/intro/']) {
      const html = await read(`${route}index.html`);
      const ids = idsIn(html);
      expect(new Set(ids).size).toBe(ids.length);
      for (const [, target] of html.matchAll(/aria-controls="([^"]+)"/g)) expect(ids).toContain(target);
    }
  });

  it('writes one fragment per category: its list, with the links of its items and its sub-categories lazy', async () => {
    const fragments = (await readdir(path.join(site, 'dist/_sidebar'), { recursive: true }))
      .filter((file) => file.endsWith('index.html') && file !== 'index.html' && !file.startsWith('sections-'))
      .sort();
    expect(fragments).toEqual(
      ['alpha/index.html', 'beta/deep/index.html', 'beta/index.html', 'gamma/index.html', 'guide/index.html'].map(
        (file) => path.normalize(file),
      ),
    );
    const beta = await read('_sidebar/beta/index.html');
    expect(beta).toMatch(/^<ul class="menu__list menu__list--nested"><li class="menu__item">.*<\/ul>$/);
    for (const href of pages('beta', 40)) expect(beta).toContain(`href="${href}"`);
    expect(beta).toContain('<a class="menu__link menu__link--category" href="/docs/beta/deep/">Deep</a>');
    expect(beta).toContain(
      '<div id="sidebar-beta/deep" class="menu__collapsible" data-sidebar-src="/_sidebar/beta/deep/"></div>',
    );
    expect(beta).not.toContain('/docs/beta/deep/page-');
    expect(beta).not.toContain('aria-current');
    for (const href of pages('beta/deep', 30))
      expect(await read('_sidebar/beta/deep/index.html')).toContain(`href="${href}"`);
    for (const file of fragments) {
      const links = linksInHtml(await read(path.join('_sidebar', file)), file, '/');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(result.routes).toContain(link.href);
    }
  });

  it('passes check-links, the fragments included', { timeout: 180_000 }, async () => {
    const { code, stdout } = await docsgen(['check-links', '--json'], site);
    expect(JSON.parse(stdout).broken).toEqual([]);
    expect(code).toBe(0);
  });

  it('serves the fragments from docsgen serve --watch, rendered on request', { timeout: 90_000 }, async () => {
    const { child, url } = await startServe(['--watch'], site);
    try {
      const response = await fetch(`${url}/_sidebar/beta/deep/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(await read('_sidebar/beta/deep/index.html'));
      expect((await fetch(`${url}/_sidebar/no-such-category/`)).status).toBe(404);
      const src = /data-sidebar-sections="([^"]+)"/.exec(await read('docs/alpha/page-07/index.html'))![1];
      expect(await (await fetch(`${url}${src}`)).text()).toBe(await read(`${src}index.html`));
    } finally {
      await interrupt(child);
    }
  });
});

describe('sidebar of a site under the threshold', () => {
  it('renders every link in every page, and writes no fragments', async () => {
    const siteDir = inject('siteDir');
    const sidebar = sidebarOf(await readFile(path.join(siteDir, 'docs/introduction/index.html'), 'utf8'));
    expect(sidebar).not.toContain('data-sidebar-src');
    expect(sidebar).toContain('href="/docs/esignature-api/webhook/"');
    expect(existsSync(path.join(siteDir, '_sidebar'))).toBe(false);
  });
});
