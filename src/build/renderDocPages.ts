import type { SourcePage } from '../content/discoverPages.ts';
import { sidebarTrail } from '../content/buildSidebar.ts';
import { contentVariables } from '../content/variables.ts';
import type { MarkdownRenderer, RenderedMarkdown } from '../markdown/createProcessor.ts';
import { renderDocPage as renderDocPageHtml } from '../render/renderPage.tsx';
import { hashOf, type RenderCache } from './renderCache.ts';
import { docPageSearchRecords } from '../search/buildSearchRecords.ts';
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

function routesSignatureOf(routesByPath: [string, string][]): string {
  return hashOf(...routesByPath.flat());
}

/**
 * What every page of one site context looks up: computed once per context (not per page, which
 * made a 10,000-page build quadratic).
 */
interface ContextLookups {
  routesSignature: string;
  /** Everything a page's shell shows besides the page itself: config, assets, sidebar, navbar. */
  shellSignature: string;
  routes: Map<string, string>;
  positions: Map<string, number>;
}
const lookups = new WeakMap<SiteContext, ContextLookups>();

export function lookupsFor(context: SiteContext): ContextLookups {
  let found = lookups.get(context);
  if (!found) {
    found = {
      routesSignature: routesSignatureOf(context.routesByPath),
      shellSignature: hashOf(JSON.stringify([context.config, context.assets, context.sidebar, context.readingOrder, context.navbarItems])),
      routes: new Map(context.routesByPath),
      positions: new Map(context.readingOrder.map((entry, index) => [entry.route, index])),
    };
    lookups.set(context, found);
  }
  return found;
}

/** The cache key of a whole docs page: its Markdown's key, its front matter, title and the shell. */
export function docPageHtmlKey(context: SiteContext, { source, title }: DocPageTask): string {
  const { routesSignature, shellSignature } = lookupsFor(context);
  return hashOf('page', docPageKey(source, routesSignature), shellSignature, source.route, title, JSON.stringify(source.frontMatter));
}

/** A page's final HTML and what the build keeps of it. */
export interface RenderedPage {
  html: string;
  output: PageOutput;
}

/** What rendering a docs page uses: the pipeline, and the caches of Markdown and of whole pages. */
export interface DocRenderState {
  renderMarkdown: MarkdownRenderer;
  markdownCache: RenderCache<RenderedMarkdown>;
  pageCache: RenderCache<RenderedPage>;
}

/**
 * Renders one docs page, or takes it whole from the cache when neither it nor the shell changed;
 * else its Markdown (from the cache when the source, its path and the site's routes are
 * unchanged), then the React shell around it.
 */
export async function renderDocPage(context: SiteContext, state: DocRenderState, task: DocPageTask): Promise<RenderedPage> {
  const pageKey = docPageHtmlKey(context, task);
  const cached = await state.pageCache.get(pageKey);
  if (cached) return cached;
  const page = await renderDocPageAfresh(context, state, task);
  await state.pageCache.set(pageKey, page);
  return page;
}

async function renderDocPageAfresh(context: SiteContext, { renderMarkdown, markdownCache }: DocRenderState, { source, title }: DocPageTask): Promise<RenderedPage> {
  const { routesSignature, routes, positions } = lookupsFor(context);
  const key = docPageKey(source, routesSignature);
  let rendered = await markdownCache.get(key);
  if (!rendered) {
    rendered = await renderMarkdown(source.markdown, source.file, { relativePath: source.relativePath, routes, variables: contentVariables(context.config) });
    await markdownCache.set(key, rendered);
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
      records: docPageSearchRecords({ route: source.route, lvl0: trail[0]?.label ?? 'Documentation' }, title, rendered.records, context.config),
    },
  };
}

/** Pages of a job in progress at once: cached pages are file reads and writes, which overlap. */
const pagesInFlight = 8;

/**
 * Renders docs pages and writes each straight to disk, returning only what the build still
 * needs (in the order of `tasks`), so memory stays flat however many pages there are. A few
 * pages are in progress at once, so one page's file I/O overlaps another's; on an error no
 * further page starts, and the error is thrown once the pages in progress have settled.
 */
export async function renderDocPages(context: SiteContext, state: DocRenderState, tasks: DocPageTask[]): Promise<PageOutput[]> {
  const outputs: PageOutput[] = new Array(tasks.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      try {
        const { html, output } = await renderDocPage(context, state, task);
        await writePageFile(context.stagingDir, task.source.route, html);
        outputs[index] = output;
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(pagesInFlight, tasks.length) }, lane));
  const failure = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return outputs;
}
