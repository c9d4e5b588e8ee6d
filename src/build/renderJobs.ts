import { cacheStats } from '../cache/renderCache.ts';
import { sourceNamed } from '../pages/registry.ts';
import { routeFile } from '../pages/siteRoutes.ts';
import type { RenderState } from '../render/renderState.ts';
import { pageIdsIn, type PageOutput } from '../model/pageOutput.ts';
import type { RenderSite } from '../site/site.ts';
import type { OutputWriter } from '../write/outputWriter.ts';
import type { WrittenFile } from '../write/keptOutput.ts';
import { withLinksOfHtml } from '../links/generatedLinks.ts';
import { contentText, loadedContent, type RenderedRoute } from '../write/renderedRoute.ts';
import { DocsgenError, errorValue, type ErrorValue } from '../errors.ts';

/** A unit of rendering work, run in a worker thread or in the main thread alike: some routes of one source. */
export interface RenderJob {
  source: string;
  routes: string[];
  /** What the source's render needs besides the site (render threads get it without its docs' sources). */
  inputs?: unknown;
}

/** What a job gives back: what the build keeps of its pages, the mistakes found in them, and how the cache served it. */
export interface JobResult {
  outputs: PageOutput[];
  /** A mistake in a route stops that route, not the job (or, from a source that stops, the rest of the job). */
  errors: ErrorValue[];
  /** The files it wrote, when the writer keeps the output for the next build (src/write/keptOutput.ts). */
  files: WrittenFile[];
  cacheHits: number;
  cacheMisses: number;
}

/** What a thread renders jobs with: the site as it has it, its pipeline and caches, and where it writes. */
export interface RenderThread {
  site: RenderSite;
  state: RenderState;
  writer: OutputWriter;
  /** Read every page's links from its HTML, the theme's included (check-links). */
  readLinks: boolean;
}

/**
 * Renders a job's routes and writes each into the output folder as soon as it is done, returning
 * only what the build still needs, and every mistake found (a source that stops at one stops the job there).
 */
export async function runRenderJob(
  { site, state, writer, readLinks }: RenderThread,
  job: RenderJob,
): Promise<JobResult> {
  const before = { ...cacheStats };
  const outputs = new Map<string, PageOutput>();
  const errors: ErrorValue[] = [];
  const files: WrittenFile[] = [];
  const emit = async ({ route, file, content, output, digest, madeFrom }: RenderedRoute) => {
    const written = await writer.write(routeFile(route, file), content, digest, madeFrom);
    if (written) files.push(written);
    // A page (a route ending in `/`, the not-found page's included) read for its links has an output even without one of its own.
    if (readLinks && route.endsWith('/')) {
      const html = contentText(await loadedContent(content));
      outputs.set(
        route,
        withLinksOfHtml(output ?? { route, ...pageIdsIn(html), links: [] }, html, site.config.baseUrl),
      );
    } else if (output) outputs.set(route, output);
  };
  try {
    await sourceNamed(job.source).render(site, state, job.routes, job.inputs, emit, (error) =>
      errors.push(errorValue(error)),
    );
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    errors.push(errorValue(error));
  }
  // In the job's order, whatever order the pages finished in: link errors are reported alike every build.
  return {
    outputs: job.routes.flatMap((route) => outputs.get(route) ?? []),
    errors,
    files,
    cacheHits: cacheStats.hits - before.hits,
    cacheMisses: cacheStats.misses - before.misses,
  };
}
