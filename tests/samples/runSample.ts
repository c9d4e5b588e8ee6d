import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Sample } from './discoverSamples.ts';
import type { Interpreter } from './interpreters.ts';

export interface SampleResult {
  exitCode: number | null;
  /** Set when the sample was killed for running past its time limit. */
  timedOut: boolean;
  /** stdout and stderr, interleaved. */
  output: string;
}

/**
 * A fresh folder holding the sample, the page's titled blocks and the files its language expects.
 * `sharedFiles` (a `contract.pdf`) are written first, so a page's own block of that name wins.
 */
export function prepareSampleFolder(
  sample: Pick<Sample, 'location' | 'code' | 'inputFiles'>,
  interpreter: Interpreter,
  sharedFiles: Map<string, Buffer>,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsgen-sample-'));
  for (const [name, content] of [...sharedFiles, ...sample.inputFiles]) {
    const path = resolve(dir, name);
    if (!path.startsWith(`${dir}${sep}`))
      throw new Error(`${sample.location}: a block titled ${name} would be written outside the sample's folder`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  interpreter.prepareFolder?.(dir);
  writeFileSync(join(dir, interpreter.fileName), sample.code);
  return dir;
}

/** Only what a sample needs: no variable of the test process (keys, tokens) leaks into it. */
export function sampleEnvironment(dir: string, variables: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    HOME: dir,
    TMPDIR: dir,
    ...variables,
  };
}

function spawnIn(
  dir: string,
  command: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  const [program, ...args] = command;
  // Its own process group, so a time-out also ends whatever a shell sample started.
  const child = spawn(program!, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function killGroup(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
    process.kill(-child.pid, 'SIGKILL');
}

/** Runs a sample as a script to its end, or kills it after `timeoutMs`. */
export async function runSample(
  dir: string,
  interpreter: Interpreter,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<SampleResult> {
  const { child, output } = spawnIn(dir, interpreter.command, env);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, timeoutMs);
  const [exitCode] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  return { exitCode, timedOut, output: output() };
}

export interface RunningReceiver {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a webhook receiver sample on `port` and waits until it accepts connections. */
export async function startReceiver(
  dir: string,
  interpreter: Interpreter,
  env: NodeJS.ProcessEnv,
  port: number,
  path: string,
  timeoutMs: number,
): Promise<RunningReceiver> {
  const command = interpreter.serveCommand?.(port) ?? interpreter.command;
  const { child, output } = spawnIn(dir, command, { ...env, PORT: String(port) });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = once(child, 'close');
    killGroup(child);
    await closed;
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the receiver did not listen on port ${port} within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}${path}`, output, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
