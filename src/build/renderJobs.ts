import path from 'node:path';
import { loadHighlighter } from '../markdown/highlighter.ts';
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../markdown/createProcessor.ts';
import { RenderCache } from './renderCache.ts';
import { docPageHtmlKey, docPageKey, lookupsFor, renderDocPages, type DocPageTask, type RenderedPage } from './renderDocPages.ts';
import { apiPageKey, apiReferenceKey, postmanKey, readOpenApiSource, renderApiReference, writePostmanCollection, type CachedApiPage, type CachedReference } from './renderApiReference.ts';
import type { PageOutput } from './pageOutput.ts';
import type { SiteContext } from './siteContext.ts';

/** A unit of rendering work, run in a worker thread or in the main thread alike. */
export type RenderJob = { kind: 'docs'; tasks: DocPageTask[] } | { kind: 'api' } | { kind: 'postman' };

/** What a thread keeps between jobs: the unified pipeline, Shiki, and the caches. */
export interface RenderState {
  renderMarkdown: MarkdownRenderer;
  markdownCache: RenderCache<RenderedMarkdown>;
  pageCache: RenderCache<RenderedPage>;
  referenceCache: RenderCache<CachedReference>;
  apiPageCache: RenderCache<CachedApiPage>;
  postmanCache: RenderCache<string>;
}

export async function createRenderState(context: SiteContext): Promise<RenderState> {
  let renderer: Promise<MarkdownRenderer> | undefined;
  return {
    // Shiki is loaded on the first page that is not in the cache.
    renderMarkdown: async (...args) => (await (renderer ??= loadHighlighter().then(createMarkdownRenderer)))(...args),
    ...renderCaches(context),
  };
}

function renderCaches(context: SiteContext) {
  const cacheDir = (name: string) => (context.cacheDir ? path.join(context.cacheDir, name) : undefined);
  return {
    markdownCache: new RenderCache<RenderedMarkdown>(cacheDir('markdown')),
    // Whole pages are large and each is read once a build: keep few in memory.
    pageCache: new RenderCache<RenderedPage>(cacheDir('pages'), 32),
    referenceCache: new RenderCache<CachedReference>(cacheDir('reference'), 2),
    apiPageCache: new RenderCache<CachedApiPage>(cacheDir('api-page'), 2),
    postmanCache: new RenderCache<string>(cacheDir('postman')),
  };
}

/**
 * Rough cost of rendering the site in one thread, in milliseconds, from what the cache already
 * holds: worker threads are worth their start-up (~0.4 s each) only for more than this.
 */
export async function estimateRenderWork(context: SiteContext, docs: DocPageTask[]): Promise<number> {
  const caches = renderCaches(context);
  const { routesSignature } = lookupsFor(context);
  const source = await readOpenApiSource(path.resolve(context.root, context.config.openapi));
  const pageCost = (task: DocPageTask) => (caches.pageCache.has(docPageHtmlKey(context, task)) ? 1 : caches.markdownCache.has(docPageKey(task.source, routesSignature)) ? 8 : 40);
  const referenceKey = apiReferenceKey(source, routesSignature);
  return (
    docs.reduce((sum, task) => sum + pageCost(task), 0) +
    (caches.apiPageCache.has(apiPageKey(context, referenceKey)) ? 20 : caches.referenceCache.has(referenceKey) ? 600 : 2500) +
    (caches.postmanCache.has(postmanKey(source)) ? 5 : 600)
  );
}

export async function runRenderJob(context: SiteContext, state: RenderState, job: RenderJob): Promise<PageOutput[]> {
  switch (job.kind) {
    case 'docs':
      return renderDocPages(context, state, job.tasks);
    case 'api':
      return [await renderApiReference(context, state)];
    case 'postman':
      await writePostmanCollection(context, state.postmanCache);
      return [];
  }
}
