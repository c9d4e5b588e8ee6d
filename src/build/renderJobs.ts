import path from 'node:path';
import { loadHighlighter } from '../markdown/highlighter.ts';
import type { MarkdownRenderer } from '../markdown/createProcessor.ts';
import { cacheStats, RenderCache, type CacheCodec } from '../cache/renderCache.ts';
import { sourceNamed } from '../pages/registry.ts';
import { routeFile } from '../pages/siteRoutes.ts';
import type { CacheSet, RenderState } from '../pages/pageSource.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import type { Site } from '../site/site.ts';
import type { OutputWriter } from './outputWriter.ts';

/** A unit of rendering work, run in a worker thread or in the main thread alike: some routes of one source. */
export interface RenderJob {
  source: string;
  routes: string[];
  /** What the source's render needs besides the site (render threads get it without its docs' sources). */
  inputs?: unknown;
}

/** A thread's caches, with what closes their files. */
export interface OpenCaches extends CacheSet {
  close(): void;
}

/**
 * The caches of a site, one per name, created on first use. Each indexes its pack files once
 * and keeps them open, so a thread opens one set for a build (the estimate and the renders
 * share it) and closes it at the end.
 */
export function cacheSet(site: Pick<Site, 'cacheDir'>): OpenCaches {
  const caches = new Map<string, { cache: RenderCache<any>; codec?: CacheCodec<any> }>();
  return {
    cache<T extends NonNullable<unknown>>(name: string, memoryEntries?: number, codec?: CacheCodec<T>): RenderCache<T> {
      let entry = caches.get(name);
      if (!entry) caches.set(name, (entry = { cache: new RenderCache<T>(site.cacheDir && path.join(site.cacheDir, name), memoryEntries, codec), codec }));
      // One cache, one way of reading its bytes: every caller of a name must ask for the same codec.
      if (entry.codec !== codec) throw new Error(`cache ${name} opened with two codecs`);
      return entry.cache;
    },
    close() {
      for (const { cache } of caches.values()) cache.close();
      caches.clear();
    },
  };
}

/**
 * What a thread keeps between jobs: the unified pipeline, with Shiki, imported and loaded on the
 * first page not in the cache (a build served from the cache never loads them), and the caches
 * (`caches`, or a set of its own).
 */
export function createRenderState(site: Pick<Site, 'cacheDir'>, caches: OpenCaches = cacheSet(site)): RenderState & OpenCaches {
  let renderer: Promise<MarkdownRenderer> | undefined;
  return {
    renderMarkdown: async (...args) => (await (renderer ??= loadRenderer()))(...args),
    cache: caches.cache,
    close: caches.close,
  };
}

async function loadRenderer(): Promise<MarkdownRenderer> {
  const [highlighter, { createMarkdownRenderer }] = await Promise.all([loadHighlighter(), import('../markdown/createProcessor.ts')]);
  return createMarkdownRenderer(highlighter);
}

/** What a job gives back: what the build keeps of its pages, and how the cache served it. */
export interface JobResult {
  outputs: PageOutput[];
  cacheHits: number;
  cacheMisses: number;
}

/** Renders a job's routes and writes each into the output folder as soon as it is done, returning only what the build still needs. */
export async function runRenderJob(site: Site, state: RenderState, job: RenderJob, writer: OutputWriter): Promise<JobResult> {
  const before = { ...cacheStats };
  const outputs = new Map<string, PageOutput>();
  await sourceNamed(job.source).render(site, state, job.routes, job.inputs, async ({ route, file, content, output }) => {
    await writer.write(routeFile(route, file), content);
    if (output) outputs.set(route, output);
  });
  // In the job's order, whatever order the pages finished in: link errors are reported alike every build.
  return { outputs: job.routes.flatMap((route) => outputs.get(route) ?? []), cacheHits: cacheStats.hits - before.hits, cacheMisses: cacheStats.misses - before.misses };
}
