import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { startDevServer } from './devServerBench.ts';
import { removeLater } from './fileSystemQuiet.ts';
import { settled, treeCpuMs } from './processCpu.ts';
import { copyProject } from './projectCopy.ts';
import { withOperationDescription } from './operationEdit.ts';
import { apiProject, githubDescription } from './apiReferenceBench.ts';

/** One start of `docsgen serve --watch`: ms from spawning it, and the server's CPU ms meanwhile. */
export interface DevStartFigures {
  /** The overview (`/api/`) answered. */
  overview: { wallMs: number; cpuMs: number };
  /** Then the page holding the edited operation. */
  operationPage: { wallMs: number; cpuMs: number };
}

export interface ApiDevFigures {
  cold: DevStartFigures;
  warm: DevStartFigures;
  /** Each save of the operation's description until its page is served with it, from a settled server. */
  edits: { wallMs: number[]; cpuMs: number[] };
  /** The machine's 1-minute load average at the start and at the end of the run. */
  load: [number, number];
}

/** What a dev-server run on a large reference measures: the project, its description, the operation edited and its page. */
export interface ApiDevCase {
  /** A project (config, content, public, the description): copied, never written. */
  project: string;
  /** The description file, relative to the project (JSON). */
  description: string;
  operationId: string;
  /** The route of the reference page that holds the operation (`/api/` when the reference is not split). */
  route: string;
  edits?: number;
}

const served = (url: string) =>
  fetch(url).then(
    (response) => response.text(),
    // A kept-alive connection the server closed as it was asked (seen under load): asked again at the next poll.
    () => '',
  );

/** Starts the dev server on `project`, times `/api/` and then `route`, and returns the running server with the figures. */
async function start(project: string, route: string) {
  const server = await startDevServer(project, '/api/');
  const pid = server.child.pid!;
  const overview = { wallMs: server.firstPageMs, cpuMs: await treeCpuMs(pid) };
  const started = performance.now() - server.firstPageMs;
  const html = await served(server.url + route);
  const operationPage = { wallMs: performance.now() - started, cpuMs: await treeCpuMs(pid) };
  return { server, html, figures: { overview, operationPage } };
}

/**
 * The dev server on a large reference (issue #29: a page on request under 2 s after start, an
 * edit served under 1 s): started with no render cache, then again with the one that run left;
 * then the operation's description saved `edits` times, each from a settled server, until its
 * page is served with the new text (HTTP polling). Wall and CPU time of the server, from /proc.
 */
export async function apiDevFigures({ project, description, operationId, route, edits = 3 }: ApiDevCase) {
  const copy = await copyProject(project);
  const load: [number, number] = [os.loadavg()[0], 0];
  try {
    // The config imports `docsgen`: this engine.
    const linked = path.join(copy, 'node_modules', 'docsgen');
    if (!existsSync(linked)) {
      await mkdir(path.dirname(linked), { recursive: true });
      await symlink(engineRoot, linked);
    }
    await rm(path.join(copy, '.docsgen-cache'), { recursive: true, force: true });
    const cold = await start(copy, route);
    await cold.server.stop();
    if (!cold.html.includes(`id="operation/${operationId}"`))
      throw new Error(`${route} does not hold operation ${operationId}`);
    const warm = await start(copy, route);
    const { server } = warm;
    const file = path.join(copy, description);
    const original = await readFile(file, 'utf8');
    const figures: ApiDevFigures['edits'] = { wallMs: [], cpuMs: [] };
    try {
      for (let edit = 0; edit < edits; edit++) {
        const marker = `Dev edit ${edit} ${Date.now()}`;
        const text = withOperationDescription(original, operationId, marker);
        await settled(server.child.pid!, 120_000);
        const cpu = await treeCpuMs(server.child.pid!);
        const saved = performance.now();
        await writeFile(file, text);
        while (!(await served(server.url + route)).includes(marker)) {
          if (performance.now() - saved > 120_000) throw new Error(`edit ${edit} was not served within 120 s`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        figures.wallMs.push(performance.now() - saved);
        figures.cpuMs.push((await treeCpuMs(server.child.pid!)) - cpu);
      }
    } finally {
      await server.stop();
    }
    load[1] = os.loadavg()[0];
    return { cold: cold.figures, warm: warm.figures, edits: figures, load } satisfies ApiDevFigures;
  } finally {
    removeLater(copy);
  }
}

/** The targets (#29): a large reference's page served under 2 s after start, an edit served under 1 s. */
export const apiDevTargets = { startMs: 2000, editMs: 1000 };

/** The `apidev` section's case: GitHub's description (1,223 operations, split), `repos/get` edited on its page `/api/repos/`. */
export async function githubDevCase(scratch: string, edits = 5): Promise<ApiDevCase> {
  const { project, root } = await apiProject(scratch, {
    name: 'GitHub dev server',
    file: (await githubDescription(scratch)).file,
  });
  return { project, description: path.relative(project, root), operationId: 'repos/get', route: '/api/repos/', edits };
}

/** The section's table: each figure in wall and CPU seconds, with its target beside it. */
export function apiDevLines(figures: ApiDevFigures, { route, operationId }: ApiDevCase): string[] {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const target = (ms: number) => `under ${s(ms)} s`;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const median = (values: number[]) => sorted(values)[Math.floor((values.length - 1) / 2)];
  const spread = (values: number[]) =>
    `${s(median(values))} (${s(sorted(values)[0])}–${s(sorted(values)[values.length - 1])})`;
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const { cold, warm, edits, load } = figures;
  return [
    "### Dev server on GitHub's description (`serve --watch`)",
    '',
    `GitHub's description (1,223 operations, a split reference) in a copy of the fixture site. Seconds from spawning \`docsgen serve --watch\` until the page is answered (wall), and the CPU seconds of the server and its child processes meanwhile (/proc); then \`${operationId}\`'s description saved ${edits.wallMs.length} times, each from a settled server, until \`${route}\` is served with it (HTTP polling): median (range). Load average (1 min) ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end: on a loaded machine, read the CPU column.`,
    '',
    '| measure | wall s | CPU s | target |',
    '|---|---|---|---|',
    row([
      'start, no render cache → `/api/` served',
      s(cold.overview.wallMs),
      s(cold.overview.cpuMs),
      target(apiDevTargets.startMs),
    ]),
    row([`then \`${route}\``, s(cold.operationPage.wallMs), s(cold.operationPage.cpuMs), '–']),
    row([
      'start with the cache that run left → `/api/` served',
      s(warm.overview.wallMs),
      s(warm.overview.cpuMs),
      target(apiDevTargets.startMs),
    ]),
    row([`then \`${route}\``, s(warm.operationPage.wallMs), s(warm.operationPage.cpuMs), '–']),
    row([
      `save → \`${route}\` served with the edit`,
      spread(edits.wallMs),
      spread(edits.cpuMs),
      target(apiDevTargets.editMs),
    ]),
    '',
  ];
}
