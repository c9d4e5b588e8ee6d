import { spawn } from 'node:child_process';

/** What one build cost: wall time (process start included), peak resident memory, CPU time. */
export interface BuildMeasurement {
  seconds: number;
  peakRssMb: number;
  /** User and system CPU of the process and its threads (and children), in seconds. */
  cpuSeconds: number;
}

/**
 * Runs a command under GNU time: wall time measured here, peak memory and user + system CPU
 * as the kernel counted them. Every generator of the bench is measured this same way.
 */
export function timedRun(command: string, args: string[], what: string): Promise<BuildMeasurement> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M %U %S', command, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${what} failed (${code}): ${stderr}`));
      const [kilobytes, user, system] = stderr.trim().split('\n').pop()!.split(' ').map(Number);
      resolve({
        seconds: (performance.now() - started) / 1000,
        peakRssMb: kilobytes / 1024,
        cpuSeconds: user + system,
      });
    });
  });
}
