import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseHomePage, type HomeContent } from '../content/readHomePage.ts';
import { flattenSidebar } from '../content/buildSidebar.ts';
import { withBase } from '../model/paths.ts';
import { defaultTag, siteRecordsOf } from '../search/buildSearchRecords.ts';
import { createRecordWalker } from '../search/recordWalker.ts';
import { pageIdsIn, type PageOutput } from '../model/pageOutput.ts';
import type { SearchRecord } from '../model/searchRecord.ts';
import type { HomeCard } from '../model/pageData.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { hashOf } from '../cache/renderCache.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import { docsByRoute, type RenderSite, type Site } from '../site/site.ts';
import { DocsgenError } from '../errors.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';
import { withLinksFrom, type PageSource } from './pageSource.ts';
import { renderedRouteCodec, type RenderedRoute } from '../write/renderedRoute.ts';

const homeFile = 'content/home.md';
const route = '/';

const homeCache = (caches: CacheSet) => caches.cache<RenderedRoute>('home', 1, renderedRouteCodec);

/**
 * The landing page, from content/home.md (the hero's copy, a code sample, the cards); without
 * that file, a plain index: the site's title and tagline, a way into the first docs page, and a
 * card for each top entry of the sidebar.
 */
export const homeSource: PageSource<HomeCard[]> = {
  name: 'home',
  routes: () => [{ route, page: true }],
  watchedPaths: () => [homeFile],
  watches: (_site, file) => file === homeFile,
  // The plain index's cards, from the docs' sources, which only the main thread has.
  inputs: (site) => sidebarCards(site),
  // Its key needs content/home.md, which the estimate does not read: counted as rendered afresh.
  estimate: () => 60,
  async render(site, state, _routes, sidebarCardsOf, emit) {
    const file = path.join(site.root, homeFile);
    const raw = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new DocsgenError(`cannot read the home page: ${error.message}`, { file });
    });
    const home = raw === undefined ? plainIndex(site, sidebarCardsOf) : parseHomePage(raw, file, site.variables);
    const page = await homeCache(state).getOrCompute(homeKey(site, home), () => renderHome(site, state, home));
    await emit(withLinksFrom(page, file));
  },
};

/** What the home page shows, written (content/home.md) or derived from the docs. */
type Home = Omit<HomeContent, 'markdown' | 'file'> & { markdown?: string; file?: string };

/** A card for each top entry of the sidebar: its label, its page's description, its first page. */
function sidebarCards(site: Site): HomeCard[] {
  const docs = docsByRoute(site);
  return site.sidebar.flatMap((node) => {
    const href = node.type === 'link' ? node.route : (node.route ?? flattenSidebar(node.items)[0]?.route);
    if (!href) return [];
    const description = node.route === undefined ? undefined : docs.get(node.route)?.source.frontMatter.description;
    return [{ title: node.label, href, ...(typeof description === 'string' && description ? { description } : {}) }];
  });
}

/** The home page of a site without content/home.md: its title and tagline, and the sidebar's cards. */
function plainIndex(site: RenderSite, cards: HomeCard[]): Home {
  return {
    title: site.config.title,
    description: site.config.tagline || site.config.title,
    sample_label: 'Example request',
    cards,
  };
}

/**
 * The page is reused while the shell, the routes, the variables and what it shows are unchanged;
 * its file by its place in the project, so that a clone at another path (CI) keeps it.
 */
function homeKey(site: RenderSite, home: Home): string {
  const { shellSignature, routesSignature } = lookupsFor(site);
  const shown = home.file === undefined ? home : { ...home, file: path.relative(site.root, home.file) };
  return hashOf('home', shellSignature, routesSignature, JSON.stringify(shown), JSON.stringify(site.variables));
}

async function renderHome(site: RenderSite, state: RenderState, home: Home): Promise<RenderedRoute> {
  const { baseUrl } = site.config;
  const markdown = home.markdown?.trim() ? home.markdown : undefined;
  const sample =
    markdown &&
    (await state.renderMarkdown(markdown, home.file!, {
      relativePath: '../home.md',
      routes: lookupsFor(site).routes,
      variables: site.variables,
      baseUrl,
    }));
  const start = site.readingOrder[0]?.route;
  const [{ renderPage }, { projectComponents }, { HomePage }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../components/projectComponents.ts'),
    import('../../templates/HomePage.tsx'),
  ]);
  const html = renderPage(
    HomePage,
    {
      page: pageDataFor(site, route, { title: home.title, description: home.description, ogType: 'website' }),
      cards: home.cards.map((card) => ({ ...card, href: withBase(baseUrl, card.href) })),
      sample: sample ? { html: sample.html, label: home.sample_label } : undefined,
      eyebrow: home.eyebrow,
      startHref: start && withBase(baseUrl, start),
      apiHref: site.roles?.reference && withBase(baseUrl, site.roles.reference),
    },
    { route, file: home.file },
    { components: await projectComponents(site) },
  );
  const links: PageOutput['links'] = home.file
    ? home.cards.map((card) => ({ file: home.file!, line: 1, column: 1, href: card.href }))
    : [];
  const records = heroRecords(
    { title: site.config.title, tagline: site.config.tagline, cards: home.cards },
    site.config,
  );
  return { route, content: html, output: { route, ...pageIdsIn(html), links, records } };
}

/**
 * The home page's records from its content: the site's title and tagline (its hero), then each
 * card's title and description, as the page shows them (a test crawls the built page and finds the same).
 */
function heroRecords(
  home: { title: string; tagline: string; cards: { title: string; description?: string }[] },
  config: DocsgenConfig,
): SearchRecord[] {
  const walker = createRecordWalker();
  const text = (value: string) => value.replace(/\s+/g, ' ').trim();
  walker.heading(1, text(home.title), null);
  walker.content(text(home.tagline));
  for (const card of home.cards) {
    walker.heading(2, text(card.title), null);
    if (card.description) walker.content(text(card.description));
  }
  return siteRecordsOf({ route, lvl0: 'Home', tag: defaultTag }, walker.records, config);
}
