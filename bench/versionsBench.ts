import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { engineRoot } from '../src/engineRoot.ts';
import { measureBuild, median, type BuildMeasurement } from './measureBuild.ts';
import { copyProject } from './projectCopy.ts';

const run = promisify(execFile);

/** One build kind (cold or warm) of the site as shipped and of the same with a snapshot, run in turns. */
export interface VersionPairs {
  one: BuildMeasurement[];
  snapshot: BuildMeasurement[];
}

export interface VersionsFigures {
  cold: VersionPairs;
  warm: VersionPairs;
}

/** Makes `dir` a git repository whose one commit holds it all, as the project is (the build reads git's dates). */
async function commitAll(dir: string): Promise<void> {
  const git = (args: string[]) =>
    run(
      'git',
      ['-c', 'user.name=Bench', '-c', 'user.email=bench@docsgen.example', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: dir,
        env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
      },
    );
  await git(['init', '-q']);
  await git(['add', '-A']);
  await git(['commit', '-q', '-m', 'The project']);
}

/**
 * What a second version costs (#27): the shipped site, and a copy of it with one snapshot of
 * itself (`docsgen version 2.9.0`), each a git repository, built cold (`--no-cache`) and warm
 * (nothing changed) in turns, one then the other, so that a drift of the machine's speed falls on
 * both alike; the ratios are taken pair by pair.
 */
export async function versionsFigures(
  root: string,
  freshPath: (name: string) => string,
  runs: { cold: number; warm: number },
): Promise<VersionsFigures> {
  const one = await copyProject(root);
  const snapshot = await copyProject(root);
  const cli = path.join(engineRoot, 'bin/docsgen.js');
  await run(process.execPath, [cli, '--root', snapshot, 'version', '2.9.0']);
  await Promise.all([commitAll(one), commitAll(snapshot)]);
  const pairs = async (count: number, cold: boolean): Promise<VersionPairs> => {
    const figures: VersionPairs = { one: [], snapshot: [] };
    for (let index = 0; index < count; index++) {
      figures.one.push(await measureBuild(one, freshPath('versions-one'), { cold }));
      figures.snapshot.push(await measureBuild(snapshot, freshPath('versions-snapshot'), { cold }));
    }
    return figures;
  };
  const cold = await pairs(runs.cold, true);
  // One build of each fills its cache; the warm builds have nothing changed.
  await pairs(1, false);
  return { cold, warm: await pairs(runs.warm, false) };
}

/** The ratio snapshot ÷ one version of each pair, as median (min–max). */
function ratios(pairs: VersionPairs, of: (m: BuildMeasurement) => number): { median: number; text: string } {
  const each = pairs.snapshot.map((m, index) => of(m) / of(pairs.one[index]));
  const mid = median(each);
  return {
    median: mid,
    text: `${mid.toFixed(2)} (${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)})`,
  };
}

/** The bench's section: each kind's medians and ratios beside the targets (warm + under 20%, cold + under 100%). */
export function versionsLines(figures: VersionsFigures): string[] {
  const row = (kind: string, pairs: VersionPairs, target: number) => {
    const cpu = ratios(pairs, (m) => m.cpuSeconds);
    const wall = ratios(pairs, (m) => m.seconds);
    const s = (list: BuildMeasurement[], of: (m: BuildMeasurement) => number) => median(list.map(of)).toFixed(2);
    return `| ${kind} | ${s(pairs.one, (m) => m.cpuSeconds)} / ${s(pairs.one, (m) => m.seconds)} | ${s(pairs.snapshot, (m) => m.cpuSeconds)} / ${s(pairs.snapshot, (m) => m.seconds)} | ${cpu.text} | ${wall.text} | under ${(1 + target).toFixed(2)}: ${cpu.median < 1 + target ? 'met' : 'not met'} (CPU) | ${pairs.one.length} |`;
  };
  return [
    '### A second version (#27)',
    '',
    'The shipped site, and a copy with one snapshot of itself (`docsgen version 2.9.0`), each a git repository; built in turns, cold (`--no-cache`) and warm (nothing changed). Ratios snapshot ÷ one version, pair by pair: median (min–max). CPU is user + system of the build and its threads and children.',
    '',
    '| build | one version: CPU s / wall s (median) | with a snapshot: CPU s / wall s | ratio, CPU | ratio, wall | target | pairs |',
    '|---|---|---|---|---|---|---|',
    row('cold', figures.cold, 1),
    row('warm', figures.warm, 0.2),
    '',
  ];
}
