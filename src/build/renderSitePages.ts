import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readHomePage } from '../content/readHomePage.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../markdown/createProcessor.ts';
import { loadHighlighter } from '../markdown/highlighter.ts';
import { renderHomePage, renderNotFoundPage, renderSearchPage } from '../render/renderPage.tsx';
import type { Variables } from '../content/variables.ts';
import { pageSearchRecords } from '../search/buildSearchRecords.ts';
import { idsIn, writePageFile, type PageOutput } from './pageOutput.ts';
import { hashOf, RenderCache } from './renderCache.ts';
import { lookupsFor, type RenderedPage } from './renderDocPages.ts';
import { pageDataFor, type SiteContext } from './siteContext.ts';

export type SitePageRoute = '/' | '/search/' | '/404/';
export const sitePageRoutes: SitePageRoute[] = ['/', '/search/', '/404/'];

/** The pages that are not docs: home (from content/home.md), search and not-found. */
export async function renderSitePage(context: SiteContext, renderMarkdown: MarkdownRenderer, variables: Variables, route: SitePageRoute): Promise<RenderedPage> {
  const { config } = context;
  if (route === '/') {
    const home = await readHomePage(path.join(context.root, 'content', 'home.md'), variables);
    const sample = await renderMarkdown(home.markdown, home.file, { relativePath: '../home.md', routes: new Map(context.routesByPath), variables });
    const html = renderHomePage(pageDataFor(context, '/', { title: home.title, description: home.description, ogType: 'website' }), home.cards, sample.html);
    const links: PageOutput['links'] = home.cards.map((card) => ({ file: home.file, line: 1, column: 1, href: card.href }));
    return { html, output: { route, ids: idsIn(html), links, records: pageSearchRecords({ route, html, kind: 'home', lvl0: 'Home' }, config) } };
  }
  const html =
    route === '/search/'
      ? renderSearchPage(pageDataFor(context, route, { title: 'Search', description: `Search the ${config.product.name} developer documentation.`, ogType: 'website', noindex: true }))
      : renderNotFoundPage(
          pageDataFor(context, route, { title: 'Page Not Found', description: 'The page you were looking for does not exist.', ogType: 'website', noindex: true }),
          context.readingOrder[0]?.route ?? '/',
        );
  return { html, output: { route, ids: idsIn(html), links: [] } };
}

/**
 * Writes the home, search and not-found pages: few and light, rendered in the main thread, or
 * taken from the cache when neither the shell nor (for home) content/home.md and the variables changed.
 */
export async function writeSitePages(context: SiteContext, variables: Variables): Promise<PageOutput[]> {
  const cache = new RenderCache<RenderedPage>(context.cacheDir && path.join(context.cacheDir, 'site-pages'), sitePageRoutes.length);
  const { shellSignature, routesSignature } = lookupsFor(context);
  const homeSource = await readFile(path.join(context.root, 'content', 'home.md'), 'utf8').catch(() => '');
  // Shiki is loaded only if a page is not in the cache.
  let renderMarkdown: Promise<MarkdownRenderer> | undefined;
  const outputs: PageOutput[] = [];
  for (const route of sitePageRoutes) {
    const key = hashOf('site-page', route, shellSignature, routesSignature, route === '/' ? homeSource : '', JSON.stringify(variables));
    let page = await cache.get(key);
    if (!page) {
      page = await renderSitePage(context, await (renderMarkdown ??= loadHighlighter().then(createMarkdownRenderer)), variables, route);
      await cache.set(key, page);
    }
    await writePageFile(context.stagingDir, route, page.html);
    outputs.push(page.output);
  }
  return outputs;
}
