import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { median } from './measureBuild.ts';
import { startDevServer } from './devServerBench.ts';
import { removeLater } from './fileSystemQuiet.ts';
import { settled, treeCpuMs } from './processCpu.ts';
import { copyProject } from './projectCopy.ts';
import { listen } from '../tests/helpers/liveReloadEvents.ts';

/** One kind of save, measured several times: wall time to the result, and the server's CPU time meanwhile. */
export interface SaveFigures {
  wallMs: number[];
  cpuMs: number[];
}

/** The writer's loop on one site: a page save, a theme save (TSX and CSS), and a broken link reaching the overlay. */
export interface DevLoopFigures {
  site: string;
  page: SaveFigures;
  themeTsx: SaveFigures;
  themeCss: SaveFigures;
  linkError: SaveFigures;
}

/**
 * A scratch project that holds the engine, as this repository does (so its theme is the
 * project's to edit, and the dev server compiles it again on a save): the engine's code, the
 * site's sources and render cache, and this repository's installed packages (linked).
 */
async function projectWithEngine(site: string): Promise<string> {
  const project = await copyProject(site);
  for (const entry of ['src', 'templates', 'bin', 'package.json'])
    await cp(path.join(engineRoot, entry), path.join(project, entry), { recursive: true });
  await symlink(path.join(engineRoot, 'node_modules'), path.join(project, 'node_modules'));
  return project;
}

/** Saves with `save`, then measures until `arrived` holds: wall and CPU time of the server. */
async function measureSave(
  pid: number,
  figures: SaveFigures,
  save: () => Promise<void>,
  arrived: () => Promise<boolean>,
): Promise<void> {
  await settled(pid);
  const cpu = await treeCpuMs(pid);
  const started = performance.now();
  await save();
  for (;;) {
    if (await arrived()) break;
    if (performance.now() - started > 120_000) throw new Error('a save was not served within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  figures.wallMs.push(performance.now() - started);
  figures.cpuMs.push((await treeCpuMs(pid)) - cpu);
}

/**
 * The dev loop on a copy of `site` holding the engine, `runs` times each: a page saved until the
 * page is served with the edit; the footer's TSX saved until the page shows it; a theme
 * stylesheet saved until the page names a new stylesheet that is served; a page saved with a
 * broken link until the overlay's event names it (then fixed again).
 */
export async function devLoopBench(site: string, name: string, page: string, route: string, runs = 3) {
  const project = await projectWithEngine(site);
  // The copy's own CLI: the engine it runs is the one it holds, whose theme it watches.
  const server = await startDevServer(project, route, path.join(project, 'bin/docsgen.js'));
  const pid = server.child.pid!;
  const figures: DevLoopFigures = {
    site: name,
    page: { wallMs: [], cpuMs: [] },
    themeTsx: { wallMs: [], cpuMs: [] },
    themeCss: { wallMs: [], cpuMs: [] },
    linkError: { wallMs: [], cpuMs: [] },
  };
  // A request that meets a kept-alive connection as the server closes it (ECONNRESET, seen under
  // load) is asked again at the next poll; a server that stopped fails the save's 120 s bound.
  const served = () =>
    fetch(server.url + route).then(
      (response) => response.text(),
      () => '',
    );
  const pageFile = path.join(project, 'content/docs', page);
  const footer = path.join(project, 'templates/Footer.tsx');
  const stylesheet = path.join(project, 'templates/styles/footer.css');
  const originals = await Promise.all([pageFile, footer, stylesheet].map((file) => readFile(file, 'utf8')));
  const [pageText, footerText, cssText] = originals;
  const events = listen(server.url);
  await events.opened;
  try {
    for (let run = 0; run < runs; run++) {
      const marker = `Dev loop edit ${run} ${Date.now()}`;
      await measureSave(
        pid,
        figures.page,
        () => writeFile(pageFile, pageText.replace('\n## ', `\n${marker}\n\n## `)),
        async () => (await served()).includes(marker),
      );
      // Two footers in turn: the second and later saves of each are the ones a writer repeats.
      const themeMarker = `Theme edit ${run % 2}`;
      await measureSave(
        pid,
        figures.themeTsx,
        () => writeFile(footer, footerText.replace('</footer>', `<span>${themeMarker}</span></footer>`)),
        async () => (await served()).includes(themeMarker),
      );
      const stylesheetOf = (html: string) => /href="(\/assets\/theme-[^"]+\.css)"/.exec(html)?.[1];
      const before = stylesheetOf(await served());
      // A custom property: minified as it is written (a colour would be rewritten).
      const rule = `--devloop-edit:edit${run % 2}`;
      await measureSave(
        pid,
        figures.themeCss,
        () => writeFile(stylesheet, `${cssText}\n.footer { ${rule}; }\n`),
        async () => {
          const now = stylesheetOf(await served());
          if (!now || now === before) return false;
          const css = await fetch(server.url + now).catch(() => undefined);
          return css?.status === 200 && (await css.text()).includes(rule);
        },
      );
      const broken = `/docs/no-such-page-${run}/`;
      const seen = events.events.length;
      await measureSave(
        pid,
        figures.linkError,
        () => writeFile(pageFile, pageText.replace('\n## ', `\nSee [a page](${broken}).\n\n## `)),
        async () => events.events.slice(seen).some(({ name, data }) => name === 'build-error' && data.includes(broken)),
      );
      await writeFile(pageFile, pageText);
    }
  } finally {
    events.close();
    await Promise.all([pageFile, footer, stylesheet].map((file, i) => writeFile(file, originals[i])));
    await server.stop();
    removeLater(project);
  }
  return figures;
}

/** A figure line: the median of the runs' wall and CPU times, and their range. */
export function saveLine(label: string, { wallMs, cpuMs }: SaveFigures): string {
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  return `| ${label} | ${median(wallMs).toFixed(0)} (${range(wallMs)}) | ${median(cpuMs).toFixed(0)} (${range(cpuMs)}) | ${wallMs.length} |`;
}
