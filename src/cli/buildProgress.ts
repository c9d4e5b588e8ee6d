import type { BuildPhase, BuildProgress, BuildResult } from '../build/build.ts';
import { describeRoutes } from './describeRoutes.ts';

/** Where a build's output goes: progress to a terminal or a log, the summary as its result. */
export interface ProgressOutput {
  /** Progress (standard error): a terminal gets one live line redrawn in place, a pipe or CI log plain lines. */
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** Prints a line of the summary, the build's result (standard output). */
  print(line: string): void;
  quiet: boolean;
}

const phaseNames: Record<BuildPhase, string> = {
  load: 'Loading the site',
  render: 'Rendering',
  finish: 'Writing the search index and checking links',
  write: 'Publishing the site',
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Without a terminal, a plain line as rendering (or a long job) passes each of these shares of its work. */
const plainSteps = 4;

/**
 * What `docsgen build` shows while it runs and when it is done. Progress goes to standard error:
 * on a terminal, one live line (phase, routes done of total, the long job under way, elapsed),
 * redrawn at most ten times a second with log-update; without one (a pipe, CI), a plain line
 * when each phase starts and as rendering passes each quarter of the routes (or a long job each
 * quarter of its work), so that what is printed follows the work done, never the clock. With
 * `--quiet`, nothing but errors. The summary goes to standard output: what was built (counted
 * by countRoutes), time per phase, cache hits, peak memory.
 */
export async function buildProgress({ stream, print, quiet }: ProgressOutput) {
  const started = performance.now();
  const live = !quiet && stream.isTTY === true && !process.env.CI;
  // log-update and the terminal libraries below it load for a terminal only (not in CI, a pipe or --quiet).
  const draw = live ? (await import('log-update')).createLogUpdate(stream) : undefined;
  let lastDraw = 0;
  let current: BuildProgress | undefined;
  const line = ({ phase, done, total, work }: BuildProgress) =>
    `${phaseNames[phase]}${total !== undefined ? ` ${done ?? 0}/${total} routes` : ''}${work ? ` · ${work.label} ${work.done}/${work.total} ${work.unit}` : ''} · ${seconds(performance.now() - started)}`;
  /** Which share of its work a count has passed (0 … plainSteps). */
  const step = (done = 0, total = 0) => (total > 0 ? Math.floor((done * plainSteps) / total) : 0);

  return {
    onProgress(progress: BuildProgress): void {
      const previous = current;
      current = progress;
      if (quiet) return;
      const newPhase = progress.phase !== previous?.phase;
      if (draw) {
        const now = performance.now();
        if (newPhase || now - lastDraw > 100 || progress.done === progress.total) {
          draw(line(progress));
          lastDraw = now;
        }
        return;
      }
      const passed =
        step(progress.done, progress.total) > step(previous?.done, previous?.total) ||
        (progress.work !== undefined &&
          previous?.work?.label === progress.work.label &&
          step(progress.work.done, progress.work.total) > step(previous.work.done, previous.work.total));
      if (newPhase || passed) stream.write(`${line(progress)}\n`);
    },
    /** Clears the live line, and prints the summary of a build that succeeded. */
    finish(result: BuildResult): void {
      draw?.clear();
      draw?.done();
      if (quiet) return;
      const cache = result.cacheBytes === undefined ? '' : ` (cache ${(result.cacheBytes / 2 ** 20).toFixed(1)} MB)`;
      const { load, render, finish, write } = result.phaseMs;
      const sources = Object.entries(result.sourceMs).map(([name, ms]) => `${name} ${seconds(ms)}`);
      print(
        `Built ${describeRoutes(result.counts)} (${result.counts.routes} routes) into ${result.outDir} in ${seconds(result.durationMs)}${cache}`,
      );
      print(
        `  load ${seconds(load)} · render ${seconds(render)} · search index and links ${seconds(finish)} · write ${seconds(write)}`,
      );
      print(`  each source's pages done after: ${sources.join(' · ')}`);
      print(
        `  cache ${result.cacheHits} hits, ${result.cacheMisses} misses · peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
      );
    },
    /** Clears the live line before an error is printed. */
    fail(): void {
      draw?.clear();
      draw?.done();
    },
  };
}
