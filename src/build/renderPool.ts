import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fromErrorValue, type ErrorValue } from '../errors.ts';
import { runRenderJob, type JobResult, type RenderJob, type RenderThread } from './renderJobs.ts';
import type { OpenCaches } from '../cache/cacheSet.ts';
import { createRenderState, type JobWork } from '../render/renderState.ts';
import { createOutputWriter } from '../write/outputWriter.ts';
import { renderSiteOf, type RenderSite, type Site } from '../site/site.ts';
import type { KeptOutput } from '../write/keptOutput.ts';
import { outlinesOf, type SharedOutline } from '../openapi/sharedOutline.ts';
import { compiledWorkerFile } from '../engineRoot.ts';

/** Below this much work (ms in one thread) starting workers costs more than it saves. */
export const minimumParallelWorkMs = 1500;

/**
 * Above this much work the main thread only hands out jobs and collects what they return: it
 * holds every page's outputs, and rendering there too grew its heap at 10,000 pages from 1.7 to
 * 3.3 GB for no gain in time (100 s against 102 s). Below it, the main thread rendering spares a
 * worker's start-up, which is what a small site's build time is made of.
 */
const maximumMainThreadWorkMs = 60_000;

/** Sets how many render workers to start (a whole number; 0 renders every page in the build's thread), whatever the rule below. */
export const renderWorkersVariable = 'DOCSGEN_RENDER_WORKERS';

/**
 * How many render worker threads a build starts, and whether the build's thread renders too.
 * One worker per core beside the build's thread, all cores' worth once the work is over what one
 * thread should hold, none below the work a worker's start earns back — and none on 2 cores
 * while the build's thread renders: the second core is already busy with V8's own threads (GC,
 * compilers: ~6.6 s of GitHub's ~18 s of CPU) and the description's files thread, so a worker
 * there adds its start (the site deserialised, its imports, its JIT and heap) and renders less
 * efficiently than the warm build's thread. Measured with the rule (farm-bench pairs, cold,
 * against a worker beside the build's thread): GitHub's reference CPU 0.914, wall 0.940 (quiet,
 * n = 4), peak 840 → 683 MiB. `DOCSGEN_RENDER_WORKERS` overrides the rule (the tests use it
 * to run the workers' code on 2-core CI).
 */
export function renderThreads(
  cores: number,
  jobCount: number,
  estimatedMs: number,
  forced = process.env[renderWorkersVariable],
): { workers: number; mainThreadRenders: boolean } {
  const mainThreadRenders = estimatedMs <= maximumMainThreadWorkMs;
  if (forced !== undefined && /^\d+$/.test(forced)) {
    const workers = Math.min(Number(forced), jobCount);
    return { workers, mainThreadRenders: mainThreadRenders || workers === 0 };
  }
  const threads = Math.min(cores, jobCount);
  if (threads < 2 || estimatedMs < minimumParallelWorkMs || (cores <= 2 && mainThreadRenders))
    return { workers: 0, mainThreadRenders: true };
  return { workers: mainThreadRenders ? threads - 1 : threads, mainThreadRenders };
}

/** What a render thread is started with: the site (without its docs' sources), where to write, and whether it reads links from pages' HTML. */
export interface RenderThreadData {
  site: RenderSite;
  outDir: string;
  readLinks: boolean;
  /** The last build's output, kept in the cache, to link unchanged files from (src/write/keptOutput.ts). */
  kept?: KeptOutput;
  /** What the pages of each split reference share, where this thread planned them (src/openapi/sharedOutline.ts). */
  outlines: [object, SharedOutline][];
}

/** Runs render jobs on the threads it has, and stops them all. */
export interface RenderPool {
  run(job: RenderJob): Promise<JobResult>;
  close(): Promise<void>;
}

/** Something that runs jobs in order: this thread, or a worker thread. */
export interface Renderer {
  /** Jobs it takes at once: a worker gets its next job before it finishes the current one. */
  slots: number;
  /** It renders in this thread, so that while it renders, nothing here hears from the workers. */
  here?: boolean;
  run(job: RenderJob): Promise<JobResult>;
  close(): Promise<void>;
}

/**
 * Renders jobs on the threads `renderThreads` counts: this thread takes jobs itself (its modules
 * are loaded, so it starts at once), and each worker thread, with its own pipeline, joins as soon
 * as it has started; on a large site, workers only and this thread coordinates.
 * Workers run the compiled engine (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR); from source
 * (the tests) every job runs in this thread.
 */
export async function createRenderPool(
  site: Site,
  { outDir, readLinks, kept }: Omit<RenderThreadData, 'site' | 'outlines'>,
  jobCount: number,
  estimatedMs: number,
  caches: OpenCaches,
  onWork?: (work: JobWork) => void,
): Promise<RenderPool> {
  const context = renderThreadData(site, { outDir, readLinks, kept });
  const workerFile = compiledWorkerFile('src/build/renderWorker.mjs');
  const reportOf = summedWork(onWork);
  const { workers, mainThreadRenders } = renderThreads(availableParallelism(), jobCount, estimatedMs);
  if (!workerFile || workers === 0) return pool([inThreadRenderer(context, caches, reportOf(0))]);
  const started = Array.from({ length: workers }, (_, index) =>
    workerRenderer(context, workerFile, reportOf(index + 1)),
  );
  return pool(mainThreadRenders ? [inThreadRenderer(context, caches, reportOf(0)), ...started] : started);
}

/**
 * What every render thread starts with. The docs' sources travel with the jobs that render them,
 * not to every thread; the outlines of split references this thread planned go to all of them.
 */
export function renderThreadData(site: Site, { outDir, readLinks, kept }: Omit<RenderThreadData, 'site' | 'outlines'>) {
  return {
    site: renderSiteOf(site),
    outDir,
    readLinks,
    kept,
    outlines: outlinesOf(site.versions.map((version) => version.openApi)),
  } satisfies RenderThreadData;
}

/**
 * Each thread's reports, added up with the other threads' of the same label: the pages of a split
 * API reference render in every thread, and each counts the operations it rendered.
 */
export function summedWork(
  onWork?: (work: JobWork) => void,
): (thread: number) => ((work: JobWork) => void) | undefined {
  const latest = new Map<number, JobWork>();
  return (thread) =>
    onWork &&
    ((work) => {
      latest.set(thread, work);
      let done = 0;
      for (const each of latest.values()) if (each.label === work.label) done += each.done;
      onWork({ ...work, done });
    });
}

/** Rejects the jobs a closed pool had not run; the build stops at its first error. */
const cancelled = () => new Error('render pool closed');

/**
 * Hands each job to the first free renderer. Where this thread renders beside workers, its job
 * starts from the event loop, not in the promise chain of the job before it: jobs here never wait
 * on I/O (pages are written synchronously), so chained they would hold this thread until none were
 * left, with the workers' replies, and the next jobs they wait for, unread (GitHub's reference,
 * cold, with a worker: it got 8 of 131 jobs and sat idle through 60% of the render phase; 53 of
 * 131 so). And this thread takes jobs from the front of the queue, workers from the back: each
 * renders a run of neighbouring pages (a tag's parts), whose repeated fragments its own caches then
 * hold (74 of 131). Alone, or with workers only, every renderer takes jobs in order, at once.
 */
export function pool(renderers: Renderer[]): RenderPool {
  const beside = renderers.length > 1 && renderers.some((renderer) => renderer.here);
  // One entry per free slot, first slots first, so the first jobs go one to each renderer.
  const idle: Renderer[] = [];
  for (let slot = 0; slot < Math.max(...renderers.map((renderer) => renderer.slots)); slot++) {
    idle.push(...renderers.filter((renderer) => renderer.slots > slot));
  }
  const waiting: { job: RenderJob; resolve: (value: JobResult) => void; reject: (error: unknown) => void }[] = [];
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const dispatch = () => {
    while (!closed && idle.length > 0 && waiting.length > 0) {
      // When this thread renders, it is first and takes the first job: the workers are still starting.
      const renderer = idle.shift()!;
      const { job, resolve, reject } = beside && !renderer.here ? waiting.pop()! : waiting.shift()!;
      const started = beside && renderer.here ? nextTurn().then(() => renderer.run(job)) : renderer.run(job);
      const result = started.then(resolve, reject);
      running.add(result);
      void result.finally(() => {
        running.delete(result);
        idle.push(renderer);
        dispatch();
      });
    }
  };

  return {
    run(job) {
      return new Promise((resolve, reject) => {
        waiting.push({ job, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.reject(cancelled());
      await Promise.all(renderers.map((renderer) => renderer.close()));
      await Promise.allSettled([...running]);
    },
  };
}

/** Resolves once the event loop has gone round: what came in meanwhile (a worker's reply) has been handled. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders in this thread, with the build's caches (already opened for its estimate). */
function inThreadRenderer(
  { site, outDir, readLinks, kept }: RenderThreadData,
  caches: OpenCaches,
  onWork?: (work: JobWork) => void,
): Renderer {
  let thread: RenderThread | undefined;
  return {
    slots: 1,
    here: true,
    async run(job) {
      thread ??= {
        site,
        state: createRenderState(site, caches, onWork),
        writer: createOutputWriter(outDir, kept),
        readLinks,
      };
      return runRenderJob(thread, job);
    },
    async close() {},
  };
}

type WorkerReply = {
  id: number;
  result?: JobResult;
  error?: { message: string; stack?: string; docsgen?: ErrorValue };
  /** How far the job under way has got (no reply to a job). */
  work?: JobWork;
};

/**
 * A worker thread running the jobs it is sent in order. It holds two, so that it starts the next
 * as soon as it finishes one, even while this thread is busy rendering and cannot answer.
 */
function workerRenderer(workerData: RenderThreadData, workerFile: string, onWork?: (work: JobWork) => void): Renderer {
  // V8's default young generation, measured against a larger one (`resourceLimits:
  // { maxYoungGenerationSizeMb: 192 }`, farm-bench pairs, CPU): 1,000 varied pages 0.936 only with
  // the workers rendering every page (that alone 1.044), peak +227 MB; GitHub's reference 1.037,
  // peak 939 → 1,040 MiB. Not worth it. 96 MB (a 64 MB new space), with this thread rendering too:
  // 1,000 varied pages 1.017 (0.987–1.024) once pages are written synchronously, GitHub 0.992.
  const worker = new Worker(workerFile, { workerData });
  const pending = new Map<number, { resolve: (value: JobResult) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const rejectAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  worker.on('message', ({ id, result, error, work }: WorkerReply) => {
    if (work) return onWork?.(work);
    const entry = pending.get(id);
    pending.delete(id);
    if (error) {
      entry?.reject(
        error.docsgen ? fromErrorValue(error.docsgen) : Object.assign(new Error(error.message), { stack: error.stack }),
      );
    } else {
      entry?.resolve(result ?? { outputs: [], errors: [], files: [], cacheHits: 0, cacheMisses: 0 });
    }
  });
  worker.on('error', rejectAll);
  return {
    slots: 2,
    run(job) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      });
    },
    async close() {
      await worker.terminate();
      rejectAll(cancelled());
    },
  };
}
