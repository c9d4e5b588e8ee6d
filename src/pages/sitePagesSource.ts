import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseHomePage } from '../content/readHomePage.ts';
import { withBase } from '../model/paths.ts';
import { homePageSearchRecords } from '../search/buildSearchRecords.ts';
import { idsIn, type PageOutput } from '../model/pageOutput.ts';
import { hashOf } from '../cache/renderCache.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { Site } from '../site/site.ts';
import { DocsgenError } from '../errors.ts';
import { renderedRouteCodec, type PageSource, type RenderedRoute, type SourceRoute } from './pageSource.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';

const homeFile = 'content/home.md';

/** The theme and React, imported when a page is rendered: a build served from the cache never loads them. */
const templates = () => import('../render/renderPage.tsx');

/** Each page of this source: how it is listed and how it renders. */
const pages: Record<string, { route: SourceRoute; render(site: Site, state: RenderState, home: string | undefined): Promise<RenderedRoute> }> = {
  '/': { route: { route: '/', page: true }, render: renderHome },
  // A results page for one query: reachable, but not a page for search engines.
  '/search/': {
    route: { route: '/search/', page: true, sitemap: false },
    render: async (site) => {
      const data = pageDataFor(site, '/search/', { title: 'Search', description: `Search the ${site.config.product.name} developer documentation.`, ogType: 'website', noindex: true });
      const { renderSearchPage } = await templates();
      const html = renderSearchPage(data);
      return { route: '/search/', content: html, output: { route: '/search/', ids: idsIn(html), links: [] } };
    },
  },
  // What the server sends for an unknown path: never linked to, written where static hosts look for it.
  '/404/': {
    route: { route: '/404/', page: true, listed: false, notFound: true },
    render: async (site) => {
      const data = pageDataFor(site, '/404/', { title: 'Page Not Found', description: 'The page you were looking for does not exist.', ogType: 'website', noindex: true });
      const { renderNotFoundPage } = await templates();
      return { route: '/404/', file: '404.html', content: renderNotFoundPage(data, withBase(site.config.baseUrl, site.readingOrder[0]?.route ?? '/')) };
    },
  },
};

const pageCache = (caches: CacheSet) => caches.cache<RenderedRoute>('site-pages', Object.keys(pages).length, renderedRouteCodec);

/** The pages that are not docs: home (from content/home.md), search and not-found. Few and light. */
export const sitePagesSource: PageSource = {
  name: 'site-pages',
  routes: () => Object.values(pages).map(({ route }) => route),
  watches: (_site, file) => file === homeFile,
  estimate: (site, caches) => (pageCache(caches).has(pageKey(site, '/', '')) ? 3 : 60),
  async render(site, state, routes, _inputs, emit) {
    const cache = pageCache(state);
    const home = await readFile(path.join(site.root, homeFile), 'utf8').catch(() => undefined);
    for (const route of routes) {
      const key = pageKey(site, route, route === '/' ? (home ?? '') : '');
      let page = await cache.get(key);
      if (!page) {
        page = await pages[route].render(site, state, home);
        await cache.set(key, page);
      }
      // Links name content/home.md where it is now, even from a cache made elsewhere.
      const file = path.join(site.root, homeFile);
      await emit(page.output ? { ...page, output: { ...page.output, links: page.output.links.map((link) => ({ ...link, file })) } } : page);
    }
  },
};

/** A page is reused while the shell, the routes, the variables and (for home) content/home.md are unchanged. */
function pageKey(site: Site, route: string, home: string): string {
  const { shellSignature, routesSignature } = lookupsFor(site);
  return hashOf('site-page', route, shellSignature, routesSignature, home, JSON.stringify(site.variables));
}

async function renderHome(site: Site, state: RenderState, raw: string | undefined): Promise<RenderedRoute> {
  const file = path.join(site.root, homeFile);
  if (raw === undefined) throw new DocsgenError(`the home page's content is missing: create ${homeFile}`, { file });
  const home = parseHomePage(raw, file, site.variables);
  const sample = await state.renderMarkdown(home.markdown, home.file, { relativePath: '../home.md', routes: lookupsFor(site).routes, variables: site.variables, baseUrl: site.config.baseUrl });
  // Above the title: the product, the API's own name and the docs' version ("<product> <API title> · <versionLabel>").
  const apiTitle = String(site.openApi.document.info?.title ?? 'API');
  const eyebrow = `${site.config.product.name} ${apiTitle} · ${site.config.docs.versionLabel}`;
  const { renderHomePage } = await templates();
  const html = renderHomePage(pageDataFor(site, '/', { title: home.title, description: home.description, ogType: 'website' }), { cards: home.cards.map((card) => ({ ...card, href: withBase(site.config.baseUrl, card.href) })), sample: sample.html, sampleLabel: home.sample_label, eyebrow });
  const links: PageOutput['links'] = home.cards.map((card) => ({ file: home.file, line: 1, column: 1, href: card.href }));
  return { route: '/', content: html, output: { route: '/', ids: idsIn(html), links, records: homePageSearchRecords({ title: site.config.title, tagline: site.config.tagline, cards: home.cards }, site.config) } };
}
