import { parentPort, workerData } from 'node:worker_threads';
import { runRenderJob, type RenderJob, type RenderThread } from './renderJobs.ts';
import { createRenderState } from '../render/renderState.ts';
import type { RenderThreadData } from './renderPool.ts';
import { createOutputWriter } from '../write/outputWriter.ts';
import { DocsgenError, errorValue } from '../errors.ts';
import { adoptOutlines } from '../openapi/sharedOutline.ts';

/** A render thread: builds its pipeline once, then runs the jobs the pool sends it, in order. */
const { site, outDir, readLinks, kept, outlines } = workerData as RenderThreadData;
adoptOutlines(outlines);
const state = createRenderState(site, undefined, (work) => parentPort!.postMessage({ work }));
const thread: RenderThread = { site, state, writer: createOutputWriter(outDir, kept), readLinks };
let queue: Promise<void> = Promise.resolve();

async function run(id: number, job: RenderJob): Promise<void> {
  try {
    parentPort!.postMessage({ id, result: await runRenderJob(thread, job) });
  } catch (error) {
    const docsgen = error instanceof DocsgenError ? errorValue(error) : undefined;
    parentPort!.postMessage({
      id,
      error: { message: (error as Error).message, stack: (error as Error).stack, docsgen },
    });
  }
}

parentPort!.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  queue = queue.then(() => run(id, job));
});
