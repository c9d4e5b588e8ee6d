import path from 'node:path';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from './fixtureSite.ts';

const run = promisify(execFile);
export const cliPath = path.join(projectRoot, 'bin/docsgen.js');

/**
 * A plain progress line of `docsgen build` (standard error, without a terminal): a phase, how
 * far, elapsed (src/cli/buildProgress.ts). How many a build prints follows its work, not the clock.
 */
export const progressLine =
  /^(Loading the site( · .+ \d+\/\d+ \w+)?|Rendering \d+\/\d+ routes( · .+ \d+\/\d+ \w+)?|Writing the search index and checking links|Publishing the site) · \d+\.\d\d s$/;

/** What a run of the CLI printed: its exit code, stdout, and stderr apart from the progress lines, which are in `progress`. */
export interface CliRun {
  code: number;
  stdout: string;
  /** Errors and warnings: standard error without its progress lines. */
  stderr: string;
  progress: string[];
}

/**
 * What makes a build start a render worker beside its own thread whatever the cores and the work
 * (src/build/renderPool.ts: on 2 cores, as CI has, it would start none): for the tests of what runs there.
 */
export const withRenderWorker = { DOCSGEN_RENDER_WORKERS: '1' };

/**
 * What makes the CLI, and each thread it starts, append the URL of every module it resolves to
 * `file`, one a line (tests/helpers/recordImports.mjs), so a test can tell which threads ran.
 */
export const recordingImports = (file: string) => ({
  NODE_OPTIONS: `--import=${JSON.stringify(path.join(projectRoot, 'tests/helpers/recordImports.mjs'))}`,
  DOCSGEN_RECORD_IMPORTS: file,
});

/** A render worker's entry among the modules recorded by `recordingImports`. */
export const renderWorkerModule = /\/src\/build\/renderWorker\.mjs$/m;

/** Runs the real CLI (this repository's, or an installed one's `bin/docsgen.js`) to completion, with `env` added to this process's. */
export async function docsgen(
  args: string[],
  cwd: string,
  cli = cliPath,
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  let code = 0;
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 32 * 1024 * 1024,
    }));
  } catch (error) {
    ({ code, stdout, stderr } = error as { code: number; stdout: string; stderr: string });
  }
  const lines = stderr.split(/(?<=\n)/);
  const isProgress = (line: string) => progressLine.test(line.replace(/\n$/, ''));
  return {
    code,
    stdout,
    stderr: lines.filter((line) => !isProgress(line)).join(''),
    progress: lines.filter(isProgress).map((line) => line.trim()),
  };
}

/** Starts `docsgen serve …` and resolves with its URL once it says where it serves. */
export async function startServe(
  args: string[],
  cwd: string,
  cli = cliPath,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** Sends Ctrl+C and resolves with the exit code. */
export function interrupt(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}
