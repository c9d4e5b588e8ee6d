import { createLogUpdate } from 'log-update';
import type { BuildPhase, BuildProgress, BuildResult } from '../build/build.ts';

/** Where progress goes: a terminal (redrawn in place) or a pipe and CI log (plain lines). */
export interface ProgressOutput {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** Prints a line of the summary. */
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
/** Without a terminal, a progress line at most this often. */
const plainEveryMs = 5000;

/**
 * What `docsgen build` shows while it runs and when it is done. On a terminal, one live line
 * (phase, routes done of total, elapsed), redrawn at most ten times a second with log-update;
 * without one (a pipe, CI), a plain line every five seconds and no escape codes; with `--quiet`,
 * nothing but errors. Then a short summary: pages, time per phase, cache hits, peak memory.
 */
export function buildProgress({ stream, print, quiet }: ProgressOutput) {
  const started = performance.now();
  const live = !quiet && stream.isTTY === true && !process.env.CI;
  const draw = live ? createLogUpdate(stream) : undefined;
  let lastDraw = live ? 0 : performance.now();
  let current: BuildProgress | undefined;
  const line = ({ phase, done, total, work }: BuildProgress) =>
    `${phaseNames[phase]}${total !== undefined ? ` ${done ?? 0}/${total} routes` : ''}${work ? ` · ${work.label} ${work.done}/${work.total} ${work.unit}` : ''} · ${seconds(performance.now() - started)}`;
  // Without a terminal, a line every few seconds even while no route finishes (Stripe's
  // reference once rendered for 7 minutes without a word).
  const heartbeat =
    live || quiet
      ? undefined
      : setInterval(() => current && performance.now() - lastDraw >= plainEveryMs && printPlain(), 1000);
  heartbeat?.unref();
  const printPlain = () => {
    print(line(current!));
    lastDraw = performance.now();
  };

  return {
    onProgress(progress: BuildProgress): void {
      const newPhase = progress.phase !== current?.phase;
      current = progress;
      if (quiet) return;
      if (draw) {
        const now = performance.now();
        if (newPhase || now - lastDraw > 100 || progress.done === progress.total) {
          draw(line(progress));
          lastDraw = now;
        }
      } else if (performance.now() - lastDraw >= plainEveryMs) {
        // A plain line every few seconds: a short build prints only its summary, a long one shows it is alive.
        printPlain();
      }
    },
    /** Clears the live line, and prints the summary of a build that succeeded. */
    finish(result: BuildResult): void {
      clearInterval(heartbeat);
      draw?.clear();
      draw?.done();
      if (quiet) return;
      const cache = result.cacheBytes === undefined ? '' : ` (cache ${(result.cacheBytes / 2 ** 20).toFixed(1)} MB)`;
      const { load, render, finish, write } = result.phaseMs;
      const sources = Object.entries(result.sourceMs).map(([name, ms]) => `${name} ${seconds(ms)}`);
      print(`Built ${result.routes.length} pages into ${result.outDir} in ${seconds(result.durationMs)}${cache}`);
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
      clearInterval(heartbeat);
      draw?.clear();
      draw?.done();
    },
  };
}
