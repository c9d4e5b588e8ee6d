import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DocsgenError } from '../errors.ts';
import { createRenderState, runRenderJob, type RenderJob } from './renderJobs.ts';
import type { PageOutput } from './pageOutput.ts';
import type { SiteContext } from './siteContext.ts';

/** Below this much work (ms in one thread) starting workers costs more than it saves. */
const minimumParallelWorkMs = 1500;

export interface RenderPool {
  run(job: RenderJob): Promise<PageOutput[]>;
  close(): Promise<void>;
}

/**
 * Worker threads that render pages in parallel, one per core, each with its own pipeline.
 * Workers run the compiled engine (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR); from source
 * (the tests) the jobs run in this thread instead.
 */
export async function createRenderPool(context: SiteContext, jobCount: number, estimatedMs: number): Promise<RenderPool> {
  const engineDir = process.env.DOCSGEN_ENGINE_DIR;
  const workerFile = engineDir ? path.join(engineDir, 'src/build/renderWorker.mjs') : undefined;
  const size = Math.min(availableParallelism(), jobCount);
  if (!workerFile || !existsSync(workerFile) || size < 2 || estimatedMs < minimumParallelWorkMs) return inThreadPool(context);
  return workerPool(context, workerFile, size);
}

/** Rejects the jobs a closed pool had not run; the build stops at its first error. */
const cancelled = () => new Error('render pool closed');

function inThreadPool(context: SiteContext): RenderPool {
  const state = createRenderState(context);
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  return {
    run(job) {
      const result = queue.then(async () => {
        if (closed) throw cancelled();
        return runRenderJob(context, await state, job);
      });
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      await queue;
    },
  };
}

interface Pending {
  resolve: (value: PageOutput[]) => void;
  reject: (error: Error) => void;
}

function workerPool(context: SiteContext, workerFile: string, size: number): RenderPool {
  const idle: Worker[] = [];
  const waiting: { job: RenderJob; pending: Pending }[] = [];
  const pending = new Map<number, Pending>();
  const busy = new Map<Worker, number>();
  let nextId = 0;

  const dispatch = () => {
    while (idle.length > 0 && waiting.length > 0) {
      const worker = idle.pop()!;
      const { job, pending: entry } = waiting.shift()!;
      const id = nextId++;
      pending.set(id, entry);
      busy.set(worker, id);
      worker.postMessage({ id, job });
    }
  };

  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(workerFile, { workerData: context });
    worker.on('message', ({ id, result, error }: { id: number; result?: PageOutput[]; error?: { message: string; stack?: string; docsgen?: { message: string; location?: DocsgenError['location']; excerpt?: string } } }) => {
      const entry = pending.get(id);
      pending.delete(id);
      busy.delete(worker);
      idle.push(worker);
      if (error) {
        entry?.reject(error.docsgen ? new DocsgenError(error.docsgen.message, error.docsgen.location, error.docsgen.excerpt) : Object.assign(new Error(error.message), { stack: error.stack }));
      } else {
        entry?.resolve(result ?? []);
      }
      dispatch();
    });
    worker.on('error', (error) => {
      const id = busy.get(worker);
      if (id !== undefined) pending.get(id)?.reject(error);
    });
    idle.push(worker);
    return worker;
  });

  return {
    run(job) {
      return new Promise((resolve, reject) => {
        waiting.push({ job, pending: { resolve, reject } });
        dispatch();
      });
    },
    async close() {
      for (const { pending: entry } of waiting.splice(0)) entry.reject(cancelled());
      await Promise.all(workers.map((worker) => worker.terminate()));
      for (const entry of pending.values()) entry.reject(cancelled());
      pending.clear();
    },
  };
}
