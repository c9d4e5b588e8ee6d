import { loadHighlighter } from '../markdown/highlighter.ts';
import type { MarkdownRenderer } from '../markdown/createProcessor.ts';
import { cacheSet, type CacheSet, type OpenCaches } from '../cache/cacheSet.ts';
import { hasLastPageKeys } from '../cache/lastPageKeys.ts';

/** How far a long render job has got, in its own unit (`API reference`: 400 of 1,223 operations). */
export interface JobWork {
  label: string;
  done: number;
  total: number;
  unit: string;
}

/** What a render thread keeps between jobs: the Markdown pipeline (Shiki loaded on first use) and the caches. */
export interface RenderState extends CacheSet {
  renderMarkdown: MarkdownRenderer;
  /** Says how far a long job has got, for the build's progress line (absent: nobody is shown). */
  report?(work: JobWork): void;
  /**
   * Takes work a render leaves for after the page is served (the dev server: checking a whole
   * description, which GitHub's took 0.8 s of CPU before its first page); absent (a build), the
   * render does it before it returns.
   */
  later?(work: () => Promise<void>): void;
}

/**
 * What a thread keeps between jobs: the unified pipeline, imported on the first page not in the
 * cache, and Shiki, loaded on the first code block to highlight (a build served from the cache
 * never loads them; a page edited in its prose takes its blocks back: src/markdown/keptCode.ts),
 * and the caches (`caches`, or a set of its own).
 */
export function createRenderState(
  site: { cacheDir?: string },
  caches: OpenCaches = cacheSet(site),
  report?: (work: JobWork) => void,
  later?: (work: () => Promise<void>) => void,
): RenderState & OpenCaches {
  let renderer: Promise<MarkdownRenderer> | undefined;
  return {
    renderMarkdown: async (...args) => (await (renderer ??= loadRenderer(site.cacheDir)))(...args),
    report,
    later,
    cache: caches.cache,
    close: caches.close,
  };
}

async function loadRenderer(cacheDir: string | undefined): Promise<MarkdownRenderer> {
  // With no page kept from a last build (a first build, `--no-cache`), pages highlight from the
  // start: Shiki is loaded before the first page, as before blocks were taken back. Pages started
  // before it was ready (its load begun beside the pipeline's or on the first block) cost 1,000
  // varied pages cold x1.10 of CPU (quiet pairs); awaited first, x1.01.
  if (cacheDir === undefined || !hasLastPageKeys(cacheDir)) {
    const [highlighter, { createMarkdownRenderer }] = await Promise.all([
      loadHighlighter(),
      import('../markdown/createProcessor.ts'),
    ]);
    return createMarkdownRenderer(highlighter);
  }
  const { createMarkdownRenderer } = await import('../markdown/createProcessor.ts');
  return createMarkdownRenderer(loadHighlighter);
}
