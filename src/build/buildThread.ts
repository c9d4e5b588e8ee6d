import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { fromThrownValue, type ThrownValue } from '../errors.ts';
import { cachePaths } from '../cache/cachePaths.ts';
import { hasKeptOutput } from '../write/keptOutput.ts';
import type { BuildOptions, BuildProgress, BuildResult } from './build.ts';
import { compiledWorkerFile } from '../engineRoot.ts';

/** What the build's thread is started with: the options, less the two callbacks, which come back as messages. */
export type BuildThreadData = Omit<BuildOptions, 'log' | 'onProgress'>;

/** What the build's thread sends: a line to log, its progress, then its result or what it threw. */
export type BuildThreadMessage =
  | { log: string }
  | { progress: BuildProgress }
  | { result: BuildResult }
  | { error: ThrownValue };

/**
 * The young generation (MB) of the build's thread: a 64 MB new space (two 32 MB semi-spaces), not
 * V8's 32 MB. A page's trees and the parser's events outlive a 16 MB semi-space and were copied at
 * each scavenge. This thread's heap cannot be resized once node runs (`v8.setFlagsFromString`
 * leaves it as it is), a worker's can. Measured (farm-bench pairs, CPU of the whole process, cold
 * `--no-cache`, against the build in the main thread): 1,000 varied pages 0.908 (0.878–0.958),
 * peak 667 → 697 MiB; GitHub's reference 0.998 (0.962–1.024), peak 801 → 833 MiB; the shipped
 * site 1.022 (0.983–1.059); the CI case (its cache, one page edited) 1.018 (0.901–1.047), peak
 * 227 → 267 MiB: the worker's start costs ~53 ms of CPU and ~12 MB, which a build that renders
 * little does not earn back. The render workers keep V8's default (renderPool.ts).
 */
const youngGenerationMb = 96;

/**
 * The bytecode a function runs before TurboFan optimises it, in a warm build: 32 times V8's
 * default, not the 8 times bin/docsgen.js sets for the engine. A warm build runs each of its
 * functions over a thousand pages' fields once, and TurboFan's compiles cost it more than they
 * saved; a cold build renders for longer and gains from them. Measured (farm-bench pairs, CPU of
 * the whole process, 32 against 8 times for the whole process): a CI build (its cache restored,
 * one page edited) 0.955 (0.773–1.006, n=5); cold, 1,000 varied pages 0.968 (0.909–1.032, n=3)
 * but GitHub's reference 1.079 (1.063–1.179, n=3); V8's default against 8 times, the CI build
 * 1.091 (1.030–1.143, n=5). Read by V8 for the functions that run after it is set.
 */
const warmInterruptBudget = 32 * 67_584;

/**
 * `build`, run in a worker thread with a larger young generation when the engine is compiled
 * (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR), else in this thread (from source: the tests).
 * This thread keeps the terminal (a worker's standard streams are not one), the signals and the
 * exit code; killing the process kills the build, as before. The build's thread starts its own
 * render workers. A build whose cache kept the last build's output (a warm build, a CI run with
 * the cache restored) runs here: it renders little, and the thread's start (its heap, the engine
 * loaded again) was most of what it added (GitHub's reference warm 1.03 → 1.26–1.44 s wall).
 */
export async function buildInThread(options: BuildOptions): Promise<BuildResult> {
  const workerFile = compiledWorkerFile('src/build/buildWorker.mjs');
  if (!workerFile) return (await import('./build.ts')).build(options);
  if (warm(options)) {
    setFlagsFromString(`--interrupt-budget=${warmInterruptBudget}`);
    return (await import('./build.ts')).build(options);
  }
  const { log, onProgress, ...data } = options;
  const worker = new Worker(workerFile, {
    workerData: data satisfies BuildThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
  });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: BuildThreadMessage) => {
      if ('log' in message) log?.(message.log);
      else if ('progress' in message) onProgress?.(message.progress);
      else if ('result' in message) resolve(message.result);
      else reject(fromThrownValue(message.error));
    });
    worker.on('error', reject);
    // After its answer, this does nothing (a promise settles once).
    worker.on('exit', (code) => reject(new Error(`the build's thread stopped (exit code ${code}) before it finished`)));
  });
}

/** Whether the build will find the last build's pages in its cache. */
const warm = ({ root, cache }: BuildOptions) => cache !== false && hasKeptOutput(cachePaths(path.resolve(root)).engine);
