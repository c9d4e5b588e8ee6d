import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseHomePage } from '../content/readHomePage.ts';
import { withBase } from '../model/paths.ts';
import { defaultTag, siteRecordsOf } from '../search/buildSearchRecords.ts';
import { createRecordWalker } from '../search/recordWalker.ts';
import { idsIn, type PageOutput } from '../model/pageOutput.ts';
import type { SearchRecord } from '../model/searchRecord.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { hashOf } from '../cache/renderCache.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { RenderSite } from '../site/site.ts';
import { DocsgenError } from '../errors.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';
import { renderedRouteCodec, withLinksFrom, type PageSource, type RenderedRoute } from './pageSource.ts';

const homeFile = 'content/home.md';
const route = '/';

const homeCache = (caches: CacheSet) => caches.cache<RenderedRoute>('home', 1, renderedRouteCodec);

/** The landing page, from content/home.md: the hero (title, tagline, a code sample) and the cards. */
export const homeSource: PageSource = {
  name: 'home',
  routes: () => [{ route, page: true }],
  watchedPaths: () => [homeFile],
  watches: (_site, file) => file === homeFile,
  // Its key needs content/home.md, which the estimate does not read: counted as rendered afresh.
  estimate: () => 60,
  async render(site, state, _routes, _inputs, emit) {
    const file = path.join(site.root, homeFile);
    const raw = await readFile(file, 'utf8').catch(() => undefined);
    const page = await homeCache(state).getOrCompute(homeKey(site, raw ?? ''), () => renderHome(site, state, raw));
    await emit(withLinksFrom(page, file));
  },
};

/** The page is reused while the shell, the routes, the variables and content/home.md are unchanged. */
function homeKey(site: RenderSite, home: string): string {
  const { shellSignature, routesSignature } = lookupsFor(site);
  return hashOf('home', shellSignature, routesSignature, home, JSON.stringify(site.variables));
}

async function renderHome(site: RenderSite, state: RenderState, raw: string | undefined): Promise<RenderedRoute> {
  const file = path.join(site.root, homeFile);
  if (raw === undefined) throw new DocsgenError(`the home page's content is missing: create ${homeFile}`, { file });
  const home = parseHomePage(raw, file, site.variables);
  const { baseUrl } = site.config;
  const sample = await state.renderMarkdown(home.markdown, home.file, {
    relativePath: '../home.md',
    routes: lookupsFor(site).routes,
    variables: site.variables,
    baseUrl,
  });
  // Above the title: the product, the API's own name and the docs' version ("<product> <API title> · <versionLabel>").
  const apiTitle = String(site.openApi.document.info?.title ?? 'API');
  const eyebrow = `${site.config.product.name} ${apiTitle} · ${site.config.docs.versionLabel}`;
  const [{ renderPage }, { HomePage }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../../templates/HomePage.tsx'),
  ]);
  const html = renderPage(
    HomePage,
    {
      page: pageDataFor(site, route, { title: home.title, description: home.description, ogType: 'website' }),
      cards: home.cards.map((card) => ({ ...card, href: withBase(baseUrl, card.href) })),
      sample: sample.html,
      sampleLabel: home.sample_label,
      eyebrow,
      apiHref: site.roles?.reference && withBase(baseUrl, site.roles.reference),
    },
    { route, file },
  );
  const links: PageOutput['links'] = home.cards.map((card) => ({
    file: home.file,
    line: 1,
    column: 1,
    href: card.href,
  }));
  const records = heroRecords(
    { title: site.config.title, tagline: site.config.tagline, cards: home.cards },
    site.config,
  );
  return { route, content: html, output: { route, ids: idsIn(html), links, records } };
}

/**
 * The home page's records from its content: the site's title and tagline (its hero), then each
 * card's title and description, as the page shows them (a test crawls the built page and finds the same).
 */
function heroRecords(
  home: { title: string; tagline: string; cards: { title: string; description: string }[] },
  config: DocsgenConfig,
): SearchRecord[] {
  const walker = createRecordWalker();
  const text = (value: string) => value.replace(/\s+/g, ' ').trim();
  walker.heading(1, text(home.title), null);
  walker.content(text(home.tagline));
  for (const card of home.cards) {
    walker.heading(2, text(card.title), null);
    walker.content(text(card.description));
  }
  return siteRecordsOf({ route, lvl0: 'Home', tag: defaultTag }, walker.records, config);
}
