import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { timedRun, type BuildMeasurement } from './timedRun.ts';

export type { BuildMeasurement };

const cli = path.join(engineRoot, 'bin/docsgen.js');

/** Runs `docsgen build` in a fresh process (see timedRun). `cold` ignores the render cache. */
export function measureBuild(root: string, outDir: string, { cold }: { cold: boolean }): Promise<BuildMeasurement> {
  return timedRun(
    process.execPath,
    [cli, '--root', root, 'build', '--quiet', '--out', outDir, ...(cold ? ['--no-cache'] : [])],
    'build',
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Several runs as one figure: the median wall and CPU time, and the highest peak memory. */
export const medianRun = (runs: BuildMeasurement[]): BuildMeasurement => ({
  seconds: median(runs.map((run) => run.seconds)),
  cpuSeconds: median(runs.map((run) => run.cpuSeconds)),
  peakRssMb: Math.max(...runs.map((run) => run.peakRssMb)),
});
