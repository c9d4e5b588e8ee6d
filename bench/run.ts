import { engineRoot } from '../src/engineRoot.ts';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

import { measureBuild, medianRun, type BuildMeasurement } from './measureBuild.ts';
import { pageWeight } from './pageWeight.ts';
import { writeCorpus } from './corpus.ts';
import { writeEleventySite, measureEleventy } from './eleventySite.ts';
import { copyProject } from './projectCopy.ts';
import { measureHugo, writeHugoSite } from './hugoSite.ts';
import { devLoopFigures } from './devServerBench.ts';
import { devLoopBench, saveLine } from './devLoopBench.ts';
import { loadFigures, soakFigures } from './loadBench.ts';
import { searchBenchmark } from './searchBench.ts';
import { navigationBenchmark } from './navigationBench.ts';
import { lighthouseScores } from './lighthouseBench.ts';
import { serveFolder } from './serveFolder.ts';
import { removeDeferred, removeLater, waitForQuietFileSystem } from './fileSystemQuiet.ts';
import { variedCorpusFigures } from './variedBench.ts';
import { apiDescriptions, apiReferenceFigures, type ApiBenchFigures } from './apiReferenceBench.ts';
import type { ReadingSummary, Spread } from './operationPicks.ts';
import { versionsFigures, versionsLines } from './versionsBench.ts';
import { apiDevFigures, apiDevLines, githubDevCase } from './apiDevBench.ts';

/**
 * `npm run bench [-- --sizes 100,1000,10000] [--varied-sizes 1000,10000] [--skip varied,hugo,dev,versions,lighthouse,load,search,navigation,apis,apidev] [--only search,…]
 * [--api-descriptions name=root.yaml,…]`: builds the shipped site and synthetic corpora cold and warm, side by side
 * with Hugo, real API descriptions beside Redoc (bench/apiReferenceBench.ts), and
 * measures memory, per-page cost, the dev loop, page weight, search (speed and relevance,
 * beside Pagefind), navigation, load and Lighthouse. It works on copies and never edits the
 * project: it prints the tables and writes them to .docsgen-cache/bench-results/.
 */
// The bench runs from the compiled engine's cache folder: find the project by its package.json.
const root = engineRoot;
const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const only = argument('only')?.split(',');
const sizes = only && !only.includes('corpora') ? [] : (argument('sizes') ?? '100,1000,10000').split(',').map(Number);
const sections = [
  'varied',
  'hugo',
  'eleventy',
  'dev',
  'devloop',
  'versions',
  'search',
  'navigation',
  'lighthouse',
  'load',
  'apis',
  'apidev',
];
// `--only search,navigation` runs those sections (and the shipped site's builds they need); `--skip` leaves some out.
const skip = new Set([
  ...(argument('skip') ?? '').split(','),
  ...(only ? sections.filter((section) => !only.includes(section)) : []),
]);
const scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bench-'));
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: os.availableParallelism(), memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
};
const lines: string[] = [];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const s = (seconds: number) => seconds.toFixed(2);
const log = (line: string) => console.error(`[bench] ${line}`);
/** A path under the scratch folder that no earlier run used: nothing is deleted between measurements (bench/fileSystemQuiet.ts). */
let nextPath = 0;
const freshPath = (name: string) => path.join(scratch, `${name}-${nextPath++}`);

async function coldAndWarm(
  site: string,
  runs: number,
): Promise<{ cold: BuildMeasurement; warm: BuildMeasurement; out: string }> {
  const cold: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) cold.push(await measureBuild(site, freshPath('out'), { cold: true }));
  // One build to fill the cache, then the warm builds with nothing changed (each into a folder of its own).
  await measureBuild(site, freshPath('out'), { cold: false });
  const warm: BuildMeasurement[] = [];
  let out = '';
  for (let run = 0; run < runs; run++) warm.push(await measureBuild(site, (out = freshPath('out')), { cold: false }));
  return { cold: medianRun(cold), warm: medianRun(warm), out };
}

/** `value` over `base`, as a signed percentage. */
const percentOver = (value: number, base: number) =>
  `${value >= base ? '+' : ''}${((value / base - 1) * 100).toFixed(0)}%`;
const cpuPerPage = (measurement: BuildMeasurement, pages: number) =>
  ((measurement.cpuSeconds * 1000) / pages).toFixed(1);

/** A cold build with the cache on but empty: what keeping the cache costs a first build. */
async function coldWithEmptyCache(site: string, runs: number): Promise<BuildMeasurement> {
  const list: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) {
    // Set aside, not deleted (bench/fileSystemQuiet.ts); the last run's cache stays for the CI case.
    await rename(path.join(site, '.docsgen-cache'), freshPath('cache')).catch(() => undefined);
    list.push(await measureBuild(site, freshPath('out'), { cold: false }));
  }
  return medianRun(list);
}

/**
 * The CI case: the project and its cache copied to another path (a fresh clone with the cache
 * restored), one page edited, built; the median of `runs` such clones.
 */
async function ciCase(site: string, page: string, runs: number): Promise<BuildMeasurement> {
  const list: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) {
    const clone = freshPath(`clone-${path.basename(site)}`);
    // With its files' times: the corpus is not a git repository, so its pages are dated by them,
    // where a clone dates them by their commits; a copy dated now changed every page's date, and
    // each page was rendered again (1,005 cache misses of 2,008 at 1,000 pages). To the
    // nanosecond: fs.cp's preserveTimestamps rounds them to the millisecond, which moved 564 of
    // 1,063 files' dates by 1 ms (538 cache misses at 1,000 pages, where the edit makes 3).
    execFileSync('cp', ['-a', site, clone]);
    const file = path.join(clone, 'content', 'docs', page);
    await writeFile(file, `${await readFile(file, 'utf8')}\nA paragraph edited in this commit.\n`);
    list.push(await measureBuild(clone, path.join(clone, 'dist'), { cold: false }));
  }
  return medianRun(list);
}

function ensureHugo(): boolean {
  if (existsSync('/usr/bin/hugo')) return true;
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) return false;
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'hugo'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return existsSync('/usr/bin/hugo');
}

await waitForQuietFileSystem(log);
if (!skip.has('devloop')) {
  // The writer's loop, on a copy holding the engine: the shipped site, then 1,000 varied pages.
  log('dev loop: shipped site');
  const loops = [
    await devLoopBench(root, 'shipped site', 'esignature-api/webhook.md', '/docs/esignature-api/webhook/'),
  ];
  log('dev loop: 1,000 pages');
  const corpus = await writeCorpus(freshPath('corpus-devloop'), 1000);
  loops.push(await devLoopBench(corpus.root, '1,000 pages', 'section-001/page-001.md', '/docs/section-001/page-001/'));
  results.devLoop = loops;
  lines.push(
    '### Dev loop',
    '',
    'Save → result in the dev server, on a copy of the project that holds the engine; each save measured from a settled server (its background render done). CPU is the server and its esbuild, from /proc.',
    '',
    '| site · save | wall ms, median (range) | CPU ms, median (range) | runs |',
    '|---|---|---|---|',
    ...loops.flatMap((loop) => [
      saveLine(`${loop.site} · page saved → served`, loop.page),
      saveLine(`${loop.site} · theme TSX saved → page served with it`, loop.themeTsx),
      saveLine(`${loop.site} · theme CSS saved → new stylesheet served`, loop.themeCss),
      saveLine(`${loop.site} · broken link saved → in the overlay`, loop.linkError),
    ]),
    '',
  );
}
if (!skip.has('versions')) {
  // What a second version costs: the shipped site beside a copy with one snapshot of itself.
  log('versions: the shipped site and a copy with one snapshot, cold and warm');
  const versions = await versionsFigures(root, freshPath, { cold: 3, warm: 7 });
  results.versions = versions;
  lines.push(...versionsLines(versions));
}
if (only?.every((section) => ['devloop', 'apis', 'apidev', 'versions'].includes(section))) {
  // Nothing else asked for: the shipped site's builds are not needed.
  if (!skip.has('apis')) await apiSection();
  if (!skip.has('apidev')) await apiDevSection();
  await writeResults();
  process.exit();
}
// The shipped site.
log('shipped site: cold and warm builds');
const shipped = await coldAndWarm(root, 3);
const routes = { home: '/', docs: '/docs/esignature-api/webhook/', api: '/api/', search: '/search/' };
const weights = await Promise.all(
  Object.entries(routes).map(async ([kind, route]) => ({ kind, ...(await pageWeight(shipped.out, route)) })),
);
log('shipped site: dev loop');
const shippedDev = skip.has('dev')
  ? { firstPageMs: NaN, medianEditMs: NaN, maxEditMs: NaN }
  : await devLoopFigures(root, 'esignature-api/webhook.md', routes.docs);
results.shipped = { ...shipped, weights, dev: shippedDev };
lines.push(
  '### Shipped site',
  '',
  `Cold build ${s(shipped.cold.seconds)} s (CPU ${s(shipped.cold.cpuSeconds)} s, peak ${shipped.cold.peakRssMb.toFixed(0)} MB), warm build with nothing changed ${s(shipped.warm.seconds)} s (${((shipped.warm.seconds / shipped.cold.seconds) * 100).toFixed(0)}% of cold), wall time of a fresh process, median of 3.`,
  `Dev server: first page served ${shippedDev.firstPageMs.toFixed(0)} ms after start; save → new page served, median of 20 edits ${shippedDev.medianEditMs.toFixed(0)} ms (max ${shippedDev.maxEditMs.toFixed(0)} ms).`,
  '',
  '| page | HTML raw / gzip (KB) | CSS raw / gzip (KB) | JS before interaction raw / gzip (KB) | total gzip (KB) |',
  '|---|---|---|---|---|',
  ...weights.map(
    (w) =>
      `| ${w.kind} ${w.route} | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.css.raw)} / ${kb(w.css.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} | ${kb(w.total.gzip)} |`,
  ),
  '',
);

// Synthetic corpora, side by side with Hugo.
const hugo = !skip.has('hugo') && ensureHugo();
const corpusRows: string[] = [];
let searchAtScale: string[] = [];
const corpora: Record<string, unknown> = {};
for (const size of sizes) {
  log(`corpus of ${size} pages`);
  const corpus = await writeCorpus(path.join(scratch, `corpus-${size}`), size);
  const runs = size >= 10_000 ? 1 : 3;
  let ours: Awaited<ReturnType<typeof coldAndWarm>>;
  try {
    ours = await coldAndWarm(corpus.root, runs);
  } catch (error) {
    // A size that fails (memory, time) is a figure too: report it and go on with the others.
    const reason =
      (error as Error).message.split('\n').find((line) => /heap|memory|killed|error/i.test(line)) ??
      (error as Error).message.split('\n')[0];
    corpora[size] = { failed: reason };
    corpusRows.push(`| ${size.toLocaleString('en')} | failed: ${reason.slice(0, 120)} | – | – | – | – | – | – |`);
    continue;
  }
  log(`corpus of ${size} pages: cold with an empty cache, and the CI case`);
  const cached = await coldWithEmptyCache(corpus.root, runs);
  const ci = await ciCase(corpus.root, 'section-001/page-001.md', runs);
  let hugoBuild: BuildMeasurement | undefined;
  if (hugo) {
    log(`corpus of ${size} pages: Hugo`);
    const hugoRoot = path.join(scratch, `hugo-${size}`);
    await writeHugoSite(corpus.root, hugoRoot);
    const hugoRuns: BuildMeasurement[] = [];
    for (let run = 0; run < runs; run++) hugoRuns.push(await measureHugo(hugoRoot, freshPath(`hugo-out-${size}`)));
    hugoBuild = medianRun(hugoRuns);
  }
  let eleventy: BuildMeasurement | string | undefined;
  if (!skip.has('eleventy')) {
    log(`corpus of ${size} pages: Eleventy`);
    const eleventyRoot = path.join(scratch, `eleventy-${size}`);
    await writeEleventySite(corpus.root, eleventyRoot);
    const eleventyRuns: BuildMeasurement[] = [];
    try {
      for (let run = 0; run < runs; run++)
        eleventyRuns.push(await measureEleventy(eleventyRoot, freshPath(`eleventy-out-${size}`)));
      eleventy = medianRun(eleventyRuns);
    } catch (error) {
      // An anchor that fails (memory) is a figure too.
      eleventy = /heap out of memory/.test((error as Error).message)
        ? 'failed: out of memory'
        : `failed: ${(error as Error).message.split('\n')[0].slice(0, 80)}`;
    }
  }
  const weight = await pageWeight(ours.out, '/docs/section-001/page-001/');
  // Search at the largest size: what a first query fetches and how fast queries answer over a big index.
  if (size === Math.max(...sizes) && size >= 1000 && !skip.has('search')) {
    log(`corpus of ${size} pages: search`);
    searchAtScale = [
      '',
      `### Search over the ${size.toLocaleString('en')}-page corpus`,
      '',
      ...(await searchBenchmark(ours.out)),
      '',
    ];
  }
  const dev =
    size === 1000 && !skip.has('dev')
      ? await devLoopFigures(corpus.root, 'section-001/page-001.md', '/docs/section-001/page-001/')
      : undefined;
  corpora[size] = { ours, cached, ci, hugo: hugoBuild, eleventy, weight, dev };
  const anchor = (m: BuildMeasurement | string | undefined) =>
    typeof m === 'string'
      ? m
      : m
        ? `${s(m.seconds)} s, ${cpuPerPage(m, size)} ms, ${m.peakRssMb.toFixed(0)} MB`
        : 'not run';
  corpusRows.push(
    `| ${size.toLocaleString('en')} | ${anchor(ours.cold)} | ${s(cached.seconds)} s (${percentOver(cached.seconds, ours.cold.seconds)}; CPU ${percentOver(cached.cpuSeconds, ours.cold.cpuSeconds)}) | ${s(ours.warm.seconds)} s | ${s(ci.seconds)} s${hugoBuild ? ` (${((ci.seconds / hugoBuild.seconds) * 100).toFixed(0)}% of Hugo)` : ''} | ${anchor(hugoBuild)} | ${anchor(eleventy)} | ${hugoBuild ? (ours.cold.seconds / hugoBuild.seconds).toFixed(2) : '–'} | ${kb(weight.total.gzip)} (JS ${kb(weight.js.gzip)}, CSS ${kb(weight.css.gzip)}) | ${dev ? `${dev.medianEditMs.toFixed(0)} ms / ${dev.firstPageMs.toFixed(0)} ms` : '–'} |`,
  );
  log(corpusRows.at(-1)!);
}
results.corpora = corpora;
lines.push(
  '### Synthetic corpora (the varied corpus of bench/corpus.ts, seeded by its size)',
  '',
  'Cold builds as wall time, CPU ms per page (user + system, all threads) and peak RSS. "Empty cache": a cold build with the cache on (its cost over `--no-cache`, in wall and in CPU time). "CI case": the project and its cache copied elsewhere (a fresh clone with the cache restored), one page edited. Each figure is the median of 3 runs (1 at 10,000 pages).',
  '',
  '| pages | docsgen cold | docsgen cold, empty cache (cost) | docsgen warm | CI case | Hugo cold | Eleventy 3 cold | docsgen ÷ Hugo | docs page weight, gzip KB | dev: save → served (median of 20) / first page after start |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...corpusRows,
  '',
  ...searchAtScale,
);

// The varied corpus: the cost of each feature, and the mixed corpus beside Hugo with the size of dist/.
if (!skip.has('varied')) {
  const varied = await variedCorpusFigures({
    scratch,
    freshPath,
    hugo,
    sizes: (argument('varied-sizes') ?? '1000,10000').split(',').map(Number),
    log,
  });
  results.varied = varied.figures;
  lines.push(...varied.lines);
}

// The shipped site with a 1,000-page corpus inside it: /api/ and the Postman file at scale.
if (!only || only.includes('corpora')) {
  log('shipped site + 1,000 corpus pages');
  const project = await copyProject(root);
  // Published under /docs/corpus/, so its absolute links start there.
  const corpus = await writeCorpus(path.join(scratch, 'corpus-mixed'), 1000, { docsRoute: '/docs/corpus/' });
  await cp(path.join(corpus.root, 'content', 'docs'), path.join(project, 'content', 'docs', 'corpus'), {
    recursive: true,
  });
  const mixed = await coldAndWarm(project, 3);
  const pages = 1000 + 21;
  results.shippedPlusCorpus = mixed;
  lines.push(
    '### The shipped site with 1,000 corpus pages',
    '',
    `Cold ${s(mixed.cold.seconds)} s (${cpuPerPage(mixed.cold, pages)} ms CPU a page, peak ${mixed.cold.peakRssMb.toFixed(0)} MB), warm ${s(mixed.warm.seconds)} s: the API reference, its validation and the Postman conversion next to 1,021 docs pages.`,
    '',
  );
  removeLater(project);
}

// Search, navigation, load, soak, Lighthouse on the shipped site.
const site = await serveFolder(shipped.out);
try {
  if (!skip.has('search')) {
    log('search');
    lines.push('### Search', '', ...(await searchBenchmark(shipped.out, true)), '');
  }
  if (!skip.has('navigation')) {
    log('navigation');
    lines.push('### Navigation', '', ...(await navigationBenchmark(site.url)), '');
  }
  if (!skip.has('lighthouse')) {
    log('lighthouse');
    lines.push('### Lighthouse (mobile)', '', ...(await lighthouseScores(site.url, Object.values(routes))), '');
  }
} finally {
  await site.close();
}
if (!skip.has('load')) {
  log('load: 200 connections for 20 s');
  const load = await loadFigures(root, routes.docs);
  log('soak: 300 edits');
  const soak = await soakFigures(root, 'esignature-api/webhook.md', routes.docs);
  results.load = { load, soak };
  lines.push(
    '### Dev server under load and over long runs',
    '',
    `autocannon, ${load.connections} connections for ${load.seconds} s on ${routes.docs}: ${load.requestsPerSecond.toFixed(0)} requests/s, p99 ${load.p99Ms} ms, ${load.errors} errors, ${load.non2xx} non-2xx (${load.total} requests).`,
    `${soak.edits} consecutive edits in watch mode, every one served (slowest ${soak.maxEditMs.toFixed(0)} ms); resident memory ${soak.startMb.toFixed(0)} MB at start, then ${soak.samplesMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')} after each hundred edits.`,
    '',
  );
}

if (!skip.has('apis')) await apiSection();
if (!skip.has('apidev')) await apiDevSection();

await writeResults();

/** The dev server on GitHub's description: a page on request after start (no cache, then warm), and edits served (bench/apiDevBench.ts). */
async function apiDevSection(): Promise<void> {
  log("dev server on GitHub's description: cold start, warm start, then edits of one operation");
  const devCase = await githubDevCase(scratch);
  const figures = await apiDevFigures(devCase);
  results.apidev = figures;
  lines.push(...apiDevLines(figures, devCase));
}

/** The API references of real descriptions, each beside Redoc: needs none of the shipped site's builds. */
async function apiSection(): Promise<void> {
  const figures: ApiBenchFigures[] = [];
  const failed: string[] = [];
  for (const description of await apiDescriptions(scratch, argument('api-descriptions'))) {
    log(`API reference: ${description.name}, docsgen and Redocly build-docs, then each opened in Chromium`);
    try {
      figures.push(await apiReferenceFigures(scratch, description, 2));
    } catch (error) {
      // A description that fails to build is a finding: reported, and the others go on.
      const reason = (error as Error).message.split('\n').find((line) => /error|:\d+:\d+/i.test(line)) ?? '';
      log(`API reference: ${description.name} failed: ${(error as Error).message}`);
      failed.push(`- **${description.name} failed:** ${(reason || (error as Error).message).slice(0, 300)}`);
    }
  }
  results.apis = { figures, failed };
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const spread = (value: Spread | undefined, format = (n: number) => n.toFixed(0)) =>
    value ? `${format(value.median)} (${format(value.min)}–${format(value.max)})` : '–';
  const failures = (reading: ReadingSummary) => (reading.failed.length ? ` ⚠ ${reading.failed.join('; ')}` : '');
  lines.push(
    '### API references of real descriptions, beside Redoc (Redocly CLI build-docs)',
    '',
    "Median of 2 runs each; a warm build has nothing changed. Elements: the largest page's HTML elements, a floor on its DOM nodes. dist/: every file docsgen writes; Redoc writes one HTML file, which loads Redoc's script (2.2 MB) from Redocly's CDN.",
    '',
    '| description | operations | docsgen cold s (CPU s) | warm s (CPU s) | peak MB | reference pages · MB | dist/ files · MB | largest page KB · elements | Redoc s (CPU s) | Redoc peak MB | Redoc KB | docsgen cold ÷ Redoc (CPU ÷ CPU) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(({ name, operations, docsgen: d, redoc: r }) =>
      row([
        name,
        operations,
        `${s(d.cold.seconds)} (${s(d.cold.cpuSeconds)})`,
        `${s(d.warm.seconds)} (${s(d.warm.cpuSeconds)})`,
        Math.max(d.cold.peakRssMb, d.warm.peakRssMb).toFixed(0),
        `${d.pages} · ${(d.bytes / 2 ** 20).toFixed(1)}`,
        `${d.dist.files} · ${(d.dist.bytes / 2 ** 20).toFixed(1)}`,
        `${kb(d.largestPage.bytes)} · ${d.largestPage.elements}`,
        `${s(r.build.seconds)} (${s(r.build.cpuSeconds)})`,
        r.build.peakRssMb.toFixed(0),
        kb(r.bytes),
        `${(d.cold.seconds / r.build.seconds).toFixed(2)}× (${(d.cold.cpuSeconds / r.build.cpuSeconds).toFixed(2)}×)`,
      ]),
    ),
    '',
    "Reading, in Debian's Chromium (1280 × 900, a fresh context each, served from 127.0.0.1, no other network): the first, middle and last operation with an operationId in the description's order, each opened by its link (docsgen: `/api/#operation/<id>`, forwarded to its page when the reference is split; Redoc: `#operation/<id>`, which it moves to its own address). ms from the link's navigation start, by the pages' own clocks: first contentful paint, and the first frame with the operation's section in the viewport; elements in the document once loaded with the operation in view. Median (range) of the three.",
    '',
    '| description | operations opened | docsgen first paint ms | docsgen operation in view ms | docsgen DOM elements | Redoc first paint ms | Redoc operation in view ms | Redoc DOM elements | Redoc page with its script KB | in view: docsgen ÷ Redoc |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(({ name, opened, docsgen: d, redoc: r }) =>
      row([
        name,
        opened.map((id) => `\`${id}\``).join(', '),
        spread(d.reading.firstPaintMs),
        spread(d.reading.inViewMs) + failures(d.reading),
        spread(d.reading.domNodes),
        spread(r.reading.firstPaintMs),
        spread(r.reading.inViewMs) + failures(r.reading),
        spread(r.reading.domNodes),
        kb(r.inlineBytes),
        d.reading.inViewMs && r.reading.inViewMs
          ? `${(d.reading.inViewMs.median / r.reading.inViewMs.median).toFixed(2)}×`
          : '–',
      ]),
    ),
    '',
    ...(failed.length ? [...failed, ''] : []),
  );
}

/** Writes the tables to the cache folder and prints them. */
async function writeResults(): Promise<void> {
  await removeDeferred();
  await rm(scratch, { recursive: true, force: true });
  // The bench never edits the project's files: results go to the cache folder (ignored by git);
  // bench/results/ and the README's table are updated by hand from a full run.
  const resultsDir = path.join(root, '.docsgen-cache', 'bench-results');
  await mkdir(resultsDir, { recursive: true });
  const markdown = [
    `## Benchmarks (${String(results.date).slice(0, 10)}, ${os.availableParallelism()} cores, Node ${process.version}${only ? `; only ${only.join(', ')}` : ''})`,
    '',
    ...lines,
  ].join('\n');
  await writeFile(path.join(resultsDir, 'latest.md'), `${markdown}\n`);
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(markdown);
  log(`results written to ${path.relative(root, resultsDir)}/latest.md and latest.json`);
}
