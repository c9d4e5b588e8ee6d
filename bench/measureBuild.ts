import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BuildMeasurement {
  seconds: number;
  peakRssMb: number;
}

const cli = fileURLToPath(new URL('../bin/docsgen.js', import.meta.url));

/** Runs `docsgen build` in a fresh process; wall time and peak resident memory (GNU time). */
export function measureBuild(root: string, outDir: string): Promise<BuildMeasurement> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, cli, '--root', root, 'build', '--out', outDir], { stdio: ['ignore', 'ignore', 'pipe'] });
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
