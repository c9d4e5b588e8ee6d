import path from 'node:path';
import { loadHighlighter } from '../markdown/highlighter.ts';
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../markdown/createProcessor.ts';
import { RenderCache } from './renderCache.ts';
import { docPageKey, renderDocPages, routesSignatureOf, type DocPageTask } from './renderDocPages.ts';
import { apiReferenceKey, postmanKey, readOpenApiSource, renderApiReference, writePostmanCollection, type CachedReference } from './renderApiReference.ts';
import type { PageOutput } from './pageOutput.ts';
import type { SiteContext } from './siteContext.ts';

/** A unit of rendering work, run in a worker thread or in the main thread alike. */
export type RenderJob = { kind: 'docs'; tasks: DocPageTask[] } | { kind: 'api' } | { kind: 'postman' };

/** What a thread keeps between jobs: the unified pipeline, Shiki, and the caches. */
export interface RenderState {
  renderMarkdown: MarkdownRenderer;
  markdownCache: RenderCache<RenderedMarkdown>;
  referenceCache: RenderCache<CachedReference>;
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
    referenceCache: new RenderCache<CachedReference>(cacheDir('reference')),
    postmanCache: new RenderCache<string>(cacheDir('postman')),
  };
}

/**
 * Rough cost of rendering the site in one thread, in milliseconds, from what the cache already
 * holds: worker threads are worth their start-up (~0.4 s each) only for more than this.
 */
export async function estimateRenderWork(context: SiteContext, docs: DocPageTask[]): Promise<number> {
  const caches = renderCaches(context);
  const routesSignature = routesSignatureOf(context.routesByPath);
  const source = await readOpenApiSource(path.resolve(context.root, context.config.openapi));
  const missing = docs.filter((task) => !caches.markdownCache.has(docPageKey(task.source, routesSignature))).length;
  return (
    missing * 40 +
    (docs.length - missing) * 2 +
    (caches.referenceCache.has(apiReferenceKey(source, routesSignature)) ? 60 : 2500) +
    (caches.postmanCache.has(postmanKey(source)) ? 5 : 600)
  );
}

export async function runRenderJob(context: SiteContext, state: RenderState, job: RenderJob): Promise<PageOutput[]> {
  switch (job.kind) {
    case 'docs':
      return renderDocPages(context, state.renderMarkdown, state.markdownCache, job.tasks);
    case 'api':
      return [await renderApiReference(context, state.renderMarkdown, state.referenceCache)];
    case 'postman':
      await writePostmanCollection(context, state.postmanCache);
      return [];
  }
}
