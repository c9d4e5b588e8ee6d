import type { SourcePage } from '../content/discoverPages.ts';
import { sidebarTrail } from '../content/buildSidebar.ts';
import { contentVariables } from '../content/variables.ts';
import type { MarkdownRenderer, RenderedMarkdown } from '../markdown/createProcessor.ts';
import { renderDocPage as renderDocPageHtml } from '../render/renderPage.tsx';
import { hashOf, type RenderCache } from './renderCache.ts';
import { pageSearchRecords } from '../search/buildSearchRecords.ts';
import { idsIn, writePageFile, type PageOutput } from './pageOutput.ts';
import { pageDataFor, type SiteContext } from './siteContext.ts';

export interface DocPageTask {
  source: SourcePage;
  title: string;
}

/** The cache key of a page's rendered Markdown: its source, its path, and every route it may link to. */
export function docPageKey(source: SourcePage, routesSignature: string): string {
  return hashOf(source.relativePath, source.markdown, routesSignature);
}

export function routesSignatureOf(routesByPath: [string, string][]): string {
  return hashOf(...routesByPath.flat());
}

/**
 * What every page of one site context looks up: computed once per context (not per page, which
 * made a 10,000-page build quadratic).
 */
interface ContextLookups {
  routesSignature: string;
  routes: Map<string, string>;
  positions: Map<string, number>;
}
const lookups = new WeakMap<SiteContext, ContextLookups>();

function lookupsFor(context: SiteContext): ContextLookups {
  let found = lookups.get(context);
  if (!found) {
    found = {
      routesSignature: routesSignatureOf(context.routesByPath),
      routes: new Map(context.routesByPath),
      positions: new Map(context.readingOrder.map((entry, index) => [entry.route, index])),
    };
    lookups.set(context, found);
  }
  return found;
}

/** A page's final HTML and what the build keeps of it. */
export interface RenderedPage {
  html: string;
  output: PageOutput;
}

/**
 * Renders one docs page: its Markdown (from the cache when the source, its path and the site's
 * routes are unchanged), then the React shell around it.
 */
export async function renderDocPage(
  context: SiteContext,
  renderMarkdown: MarkdownRenderer,
  cache: RenderCache<RenderedMarkdown>,
  { source, title }: DocPageTask,
): Promise<RenderedPage> {
  const { routesSignature, routes, positions } = lookupsFor(context);
  const key = docPageKey(source, routesSignature);
  let rendered = await cache.get(key);
  if (!rendered) {
    rendered = await renderMarkdown(source.markdown, source.file, { relativePath: source.relativePath, routes, variables: contentVariables(context.config) });
    await cache.set(key, rendered);
  }
  const position = positions.get(source.route) ?? -1;
  const trail = sidebarTrail(context.sidebar, source.route).filter((category) => category.route !== source.route);
  const previous = position > 0 ? context.readingOrder[position - 1] : undefined;
  const next = position >= 0 ? context.readingOrder[position + 1] : undefined;
  const html = renderDocPageHtml(
    pageDataFor(context, source.route, { title, description: source.frontMatter.description ?? context.config.tagline, ogType: 'article' }),
    {
      title,
      hasOwnH1: rendered.title !== undefined,
      html: rendered.html,
      toc: rendered.toc,
      hideTableOfContents: source.frontMatter.hide_table_of_contents,
      breadcrumbs: [...trail.map((category) => ({ label: category.label, href: category.route })), { label: source.frontMatter.sidebar_label ?? title }],
      previous: previous && { label: previous.label, href: previous.route },
      next: next && { label: next.label, href: next.route },
      editedPath: source.relativePath,
    },
    source.file,
  );
  return {
    html,
    output: {
      route: source.route,
      ids: idsIn(html),
      links: rendered.links.map((link) => ({ file: source.file, line: link.line, column: link.column, href: link.href, missingFile: link.missingFile })),
      records: pageSearchRecords({ route: source.route, html, kind: 'doc', lvl0: trail[0]?.label ?? 'Documentation' }, context.config),
    },
  };
}

/**
 * Renders docs pages and writes each straight to disk, returning only what the build still
 * needs, so memory stays flat however many pages there are.
 */
export async function renderDocPages(
  context: SiteContext,
  renderMarkdown: MarkdownRenderer,
  cache: RenderCache<RenderedMarkdown>,
  tasks: DocPageTask[],
): Promise<PageOutput[]> {
  const outputs: PageOutput[] = [];
  for (const task of tasks) {
    const { html, output } = await renderDocPage(context, renderMarkdown, cache, task);
    await writePageFile(context.stagingDir, task.source.route, html);
    outputs.push(output);
  }
  return outputs;
}
