import { engineRoot } from '../src/engineRoot.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { median } from './measureBuild.ts';
import { copyProject } from './projectCopy.ts';
import { removeLater } from './fileSystemQuiet.ts';

const cli = path.join(engineRoot, 'bin/docsgen.js');

export interface DevServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawning the process to the first page answered. */
  firstPageMs: number;
  stop(): Promise<void>;
}

/** Starts `docsgen serve --watch` (this engine's, or the CLI `engine`) on a free port and waits for `route` to be served. */
export async function startDevServer(root: string, route: string, engine = cli): Promise<DevServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [engine, '--root', root, 'serve', '--watch', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', () => {
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  const response = await fetch(url + route);
  await response.text();
  const firstPageMs = performance.now() - started;
  return {
    child,
    url,
    firstPageMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/**
 * Saves `file` `edits` times with a new marker and measures, for each save, the time until the
 * page at `route` is served with it. Returns the latencies in milliseconds.
 */
export async function editLatencies(server: DevServer, file: string, route: string, edits: number): Promise<number[]> {
  const original = await readFile(file, 'utf8');
  const latencies: number[] = [];
  try {
    for (let edit = 0; edit < edits; edit++) {
      const marker = `Benchmark edit ${Date.now()} ${edit}`;
      const saved = performance.now();
      await writeFile(file, original.replace('\n## ', `\n${marker}\n\n## `));
      for (;;) {
        const html = await (await fetch(server.url + route)).text();
        if (html.includes(marker)) break;
        if (performance.now() - saved > 30_000) throw new Error(`edit ${edit} was not served within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(performance.now() - saved);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await writeFile(file, original);
  }
  return latencies;
}

/** Resident memory of a process, from /proc (MB). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The dev loop on a copy of the project at `root`: first page after start, then `edits` saves of `relativeFile`. */
export async function devLoopFigures(root: string, relativeFile: string, route: string, edits = 20) {
  const project = await copyProject(root);
  const server = await startDevServer(project, route);
  try {
    // Let the watcher settle after start before the first save.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const latencies = await editLatencies(server, path.join(project, 'content', 'docs', relativeFile), route, edits);
    return { firstPageMs: server.firstPageMs, medianEditMs: median(latencies), maxEditMs: Math.max(...latencies) };
  } catch (error) {
    // A figure that could not be measured is reported as such; the rest of the run goes on.
    console.error(`[bench] dev loop on ${root}: ${(error as Error).message}`);
    return { firstPageMs: server.firstPageMs, medianEditMs: Number.NaN, maxEditMs: Number.NaN };
  } finally {
    await server.stop();
    // Removed at the end of the bench: a deletion here would slow the builds measured next (bench/fileSystemQuiet.ts).
    removeLater(project);
  }
}
