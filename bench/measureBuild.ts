import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { spawn } from 'node:child_process';


export interface BuildMeasurement {
  seconds: number;
  peakRssMb: number;
}

const cli = path.join(engineRoot, 'bin/docsgen.js');

/**
 * Runs `docsgen build` in a fresh process: wall time (process start included) and peak resident
 * memory of the process and its worker threads (GNU time). `cold` ignores the render cache.
 */
export function measureBuild(root: string, outDir: string, { cold }: { cold: boolean }): Promise<BuildMeasurement> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['-f', '%M', process.execPath, cli, '--root', root, 'build', '--out', outDir, ...(cold ? ['--no-cache'] : [])];
    const child = spawn('/usr/bin/time', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`build failed (${code}): ${stderr}`));
      const kilobytes = Number(stderr.trim().split('\n').pop());
      resolve({ seconds: (performance.now() - started) / 1000, peakRssMb: kilobytes / 1024 });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
