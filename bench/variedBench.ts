import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeCorpus } from './corpus.ts';
import { featureWeights, type Feature } from './corpusFeatures.ts';
import { outputSize, type OutputSize } from '../src/write/hostLimits.ts';
import { measureHugo, writeHugoSite } from './hugoSite.ts';
import { measureBuild, medianRun, type BuildMeasurement } from './measureBuild.ts';

/** What the varied-corpus section measures: the cost of each feature, and the mixed corpus beside Hugo. */
export interface VariedFigures {
  features: { feature: Feature; cpuMsPerPage: number; overProseMs: number }[];
  sizes: {
    pages: number;
    cold: BuildMeasurement;
    hugo?: BuildMeasurement;
    dist: OutputSize;
    /** The Markdown twins among dist's files (config `markdownTwins` off leaves them out). */
    twins: { files: number; bytes: number };
  }[];
}

interface VariedOptions {
  scratch: string;
  /** A path under the scratch folder that no earlier run used. */
  freshPath: (name: string) => string;
  hugo: boolean;
  sizes: number[];
  log: (line: string) => void;
}

const featurePages = 200;
const msPerPage = (measurement: BuildMeasurement, pages: number) => (measurement.cpuSeconds * 1000) / pages;

/** The median CPU time of `runs` cold builds (the wall time of one run is noise on a busy machine). */
async function coldCpu(root: string, runs: number, freshPath: (name: string) => string) {
  const list: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) list.push(await measureBuild(root, freshPath('varied-out'), { cold: true }));
  return medianRun(list);
}

/** The docs pages' Markdown twins (`<route>index.md`) in an output folder: what `markdownTwins: false` leaves out. */
async function markdownTwins(dir: string): Promise<{ files: number; bytes: number }> {
  const twins = (await readdir(path.join(dir, 'docs'), { recursive: true })).filter((file) =>
    /(^|\/)index\.md$/.test(file),
  );
  const sizes = await Promise.all(twins.map(async (file) => (await stat(path.join(dir, 'docs', file))).size));
  return { files: twins.length, bytes: sizes.reduce((sum, bytes) => sum + bytes, 0) };
}

/**
 * The bench's varied corpus (bench/corpus.ts): CPU ms a page of a 200-page corpus of each feature
 * (prose alone, then prose with one feature: what that feature adds), then the mixed corpus at
 * each size, cold, beside Hugo on the same pages, with the files and bytes of `dist/`.
 */
export async function variedCorpusFigures(
  options: VariedOptions,
): Promise<{ figures: VariedFigures; lines: string[] }> {
  const { scratch, freshPath, log } = options;
  const features: VariedFigures['features'] = [];
  for (const feature of Object.keys(featureWeights) as Feature[]) {
    log(`varied corpus: ${featurePages} pages of ${feature}`);
    const corpus = await writeCorpus(path.join(scratch, `feature-${feature}`), featurePages, {
      features: [feature],
      seed: 2026,
    });
    const cold = await coldCpu(corpus.root, 2, freshPath);
    const cpuMsPerPage = msPerPage(cold, featurePages);
    features.push({ feature, cpuMsPerPage, overProseMs: cpuMsPerPage - (features[0]?.cpuMsPerPage ?? cpuMsPerPage) });
  }
  const sizes: VariedFigures['sizes'] = [];
  for (const pages of options.sizes) {
    log(`varied corpus: ${pages} pages, docsgen${options.hugo ? ' and Hugo' : ''}`);
    const corpus = await writeCorpus(path.join(scratch, `varied-${pages}`), pages, { seed: 2026 });
    const runs = pages >= 10_000 ? 1 : 2;
    const list: BuildMeasurement[] = [];
    let out = '';
    for (let run = 0; run < runs; run++)
      list.push(await measureBuild(corpus.root, (out = freshPath('varied-out')), { cold: true }));
    const cold = medianRun(list);
    let hugo: BuildMeasurement | undefined;
    if (options.hugo) {
      const hugoRoot = path.join(scratch, `varied-hugo-${pages}`);
      await writeHugoSite(corpus.root, hugoRoot);
      const hugoRuns: BuildMeasurement[] = [];
      for (let run = 0; run < runs; run++) hugoRuns.push(await measureHugo(hugoRoot, freshPath('varied-hugo-out')));
      hugo = medianRun(hugoRuns);
    }
    sizes.push({ pages, cold, hugo, dist: await outputSize(out), twins: await markdownTwins(out) });
  }
  // Decimal megabytes (10⁶ bytes): the unit of the target (under 400 MB) and of hosts' site limits (GitHub Pages: 1 GB).
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const lines = [
    '### Varied corpus (bench/corpus.ts: eleven code languages, admonitions, tabs, tables, nested lists, images, links; folders of 2 to 150 pages; seed 2026)',
    '',
    `Cost of each feature: CPU ms a page of a cold build (\`--no-cache\`, median of 2) of ${featurePages} pages made of prose alone, or of prose and that feature.`,
    '',
    '| feature | CPU ms a page | over prose alone |',
    '|---|---|---|',
    ...features.map(
      (f) =>
        `| ${f.feature} | ${f.cpuMsPerPage.toFixed(1)} | ${f.feature === 'prose' ? '–' : f.overProseMs.toFixed(1)} |`,
    ),
    '',
    'The mixed corpus, cold, beside Hugo on the same pages (median of 2 runs, 1 at 10,000 pages), and what `dist/` holds.',
    '',
    '| pages | docsgen cold s (CPU ms a page, peak MiB) | Hugo cold s (CPU ms a page) | docsgen ÷ Hugo (wall, CPU) | dist files (docs, search, assets) | dist MB (10⁶ B) | largest file | of which Markdown twins: files, MB |',
    '|---|---|---|---|---|---|---|---|',
    ...sizes.map(({ pages, cold, hugo, dist, twins }) =>
      [
        pages.toLocaleString('en'),
        `${cold.seconds.toFixed(2)} (${msPerPage(cold, pages).toFixed(1)}, ${cold.peakRssMb.toFixed(0)})`,
        hugo ? `${hugo.seconds.toFixed(2)} (${msPerPage(hugo, pages).toFixed(1)})` : 'not run',
        hugo ? `${(cold.seconds / hugo.seconds).toFixed(2)}, ${(cold.cpuSeconds / hugo.cpuSeconds).toFixed(2)}` : '–',
        `${dist.files.toLocaleString('en')} (${dist.filesByFolder.docs ?? 0}, ${dist.filesByFolder.search ?? 0}, ${dist.filesByFolder.assets ?? 0})`,
        mb(dist.bytes),
        `${dist.largest.file} ${mb(dist.largest.bytes)} MB`,
        `${twins.files.toLocaleString('en')}, ${mb(twins.bytes)}`,
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |'),
    ),
    '',
  ];
  return { figures: { features, sizes }, lines };
}
