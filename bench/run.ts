import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBuild } from './measureBuild.ts';
import { pageWeight } from './pageWeight.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'bench/results');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const out = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bench-'));
const runs = [];
for (let i = 0; i < 3; i++) {
  await rm(out, { recursive: true, force: true });
  runs.push(await measureBuild(root, out));
}
runs.sort((a, b) => a.seconds - b.seconds);
const median = runs[1];
const weights = await Promise.all(['/', '/docs/esignature-api/webhook/', '/api/', '/search/'].map((route) => pageWeight(out, route)));
await rm(out, { recursive: true, force: true });

const lines = [
  '## Shipped site',
  '',
  `Cold build (median of 3, fresh process): **${median.seconds.toFixed(2)} s**, peak RSS ${median.peakRssMb.toFixed(0)} MB.`,
  '',
  '| page | HTML raw / gzip (KB) | CSS raw / gzip (KB) | JS before interaction raw / gzip (KB) | total gzip (KB) |',
  '|---|---|---|---|---|',
  ...weights.map((w) => `| ${w.route} | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.css.raw)} / ${kb(w.css.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} | ${kb(w.total.gzip)} |`),
  '',
];
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, 'latest.md'), lines.join('\n'));
await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify({ build: { runs, median }, weights }, null, 2)}\n`);
console.log(lines.join('\n'));
