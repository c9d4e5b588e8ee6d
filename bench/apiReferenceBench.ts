import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { measureBuild, medianRun, type BuildMeasurement } from './measureBuild.ts';
import { timedRun } from './timedRun.ts';
import { loadOpenApi } from '../src/openapi/loadOpenApi.ts';
import { descriptionOperations } from '../src/openapi/referencePages.ts';
import { pickOperations, readingSummary, type ReadingSummary } from './operationPicks.ts';
import { launchOfflineChromium, operationReadings } from './operationReading.ts';
import { serveFolder } from './serveFolder.ts';

/** GitHub's REST description as npm publishes it (MIT): the one real description a registry here serves. */
const githubPackage = '@octokit/openapi@23.0.2';
const githubFile = 'package/generated/api.github.com.json';
/** Redocly CLI, whose `build-docs` renders Redoc: the reference tool the figures stand beside. */
const redoclyCli = '@redocly/cli@2.77.0';

export interface ApiBenchFigures {
  name: string;
  operations: number;
  docsgen: {
    cold: BuildMeasurement;
    warm: BuildMeasurement;
    pages: number;
    bytes: number;
    largestPage: { route: string; bytes: number; elements: number };
    /** The whole dist/ folder: what a host serves. */
    dist: { files: number; bytes: number };
    reading: ReadingSummary;
  };
  /** `bytes`: build-docs' page, which loads Redoc's script from Redocly's CDN; `inlineBytes`: with the script in it (`--inlineBundle`), the page the browser opened. */
  redoc: { build: BuildMeasurement; bytes: number; inlineBytes: number; reading: ReadingSummary };
  /** The operations opened in both references. */
  opened: string[];
}

/** A description the bench builds: its root file, bundled into one file first when `bundle` is set. */
export interface GivenDescription {
  name: string;
  file: string;
  bundle: boolean;
}

/**
 * `--api-descriptions name=path/to/root.yaml,…`: a name, and the root file of a description (a
 * multi-file one is copied with the whole folder of its root file); `name=bundle:path` builds the
 * description bundled into one file by Redocly CLI's `bundle` (made in the scratch folder).
 */
export function parseApiDescriptions(given: string | undefined): GivenDescription[] {
  return (given ?? '')
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const equals = entry.indexOf('=');
      if (equals < 1 || equals === entry.length - 1)
        throw new Error(`--api-descriptions: "${entry}" is not name=path/to/root.yaml (or name=bundle:path)`);
      const name = entry.slice(0, equals).trim();
      const value = entry.slice(equals + 1).trim();
      const bundle = value.startsWith('bundle:');
      return { name, file: path.resolve(bundle ? value.slice('bundle:'.length) : value), bundle };
    });
}

/**
 * The descriptions the bench builds: GitHub's, fetched by `npm pack` into the scratch folder, and
 * those given by `--api-descriptions` (Stripe's, Box's, DigitalOcean's and Dropbox Sign's live only
 * on GitHub, which CI cannot reach: a developer fetches them and names them; the README says how),
 * the bundled ones made here with the Redocly CLI the bench runs.
 */
export async function apiDescriptions(
  scratch: string,
  given: string | undefined,
): Promise<{ name: string; file: string }[]> {
  const descriptions = [await githubDescription(scratch)];
  for (const { name, file, bundle } of parseApiDescriptions(given)) {
    if (!bundle) {
      descriptions.push({ name, file });
      continue;
    }
    // Written beside a copy of the description's files: Redocly's bundle leaves a `$ref` inside an
    // example's `value` as written (Dropbox Sign's 130 `value: {$ref: examples/json/….json}`), and
    // docsgen follows those, so alone in a folder the bundle stops at the first missing file.
    const folder = path.join(scratch, `bundled-${slug(name)}`);
    await cp(path.dirname(file), folder, { recursive: true });
    const bundled = path.join(folder, `${path.parse(file).name}.bundled${path.extname(file)}`);
    execFileSync('npx', ['--yes', redoclyCli, 'bundle', file, '-o', bundled], { stdio: 'ignore' });
    descriptions.push({ name, file: bundled });
  }
  return descriptions;
}

/**
 * Redocly CLI's own script, fetched into npx's cache on first use. The bench runs it with node, as
 * it runs docsgen's `bin/docsgen.js`: through `npx` each run would also pay npm's launcher
 * (~2 s of CPU a run on a slow 2-core machine, ~0.5 s on a fast one), which is not Redoc's time.
 */
function redoclyCliFile(): string {
  const bin = execFileSync('npx', ['--yes', '-p', redoclyCli, '-c', 'command -v redocly'], { encoding: 'utf8' }).trim();
  return realpathSync(bin);
}

/** GitHub's description, fetched by `npm pack` into the scratch folder (once a run). */
export async function githubDescription(scratch: string): Promise<{ name: string; file: string }> {
  const packDir = path.join(scratch, 'octokit-openapi');
  const file = path.join(packDir, githubFile);
  if (!existsSync(file)) {
    await mkdir(packDir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', githubPackage, '--silent'], { cwd: packDir, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['xzf', tarball, githubFile], { cwd: packDir });
  }
  return { name: 'GitHub', file };
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A copy of the fixture site whose config names the description (its folder copied beside it): the project a bench runs docsgen on. */
export async function apiProject(
  scratch: string,
  { name, file }: { name: string; file: string },
): Promise<{ project: string; root: string }> {
  const project = path.join(scratch, `api-${slug(name)}`);
  await cp(path.join(engineRoot, 'tests/fixtures/site'), project, { recursive: true });
  const folder = path.join(project, 'openapi', 'description');
  await cp(path.dirname(file), folder, { recursive: true });
  const root = path.join(folder, path.basename(file));
  const configFile = path.join(project, 'docsgen.config.ts');
  // Its `import … from 'docsgen'` is the engine that runs it (compileConfig). A real description
  // links to its owner's own site (`/rest/guides/…`): reported, not fatal.
  const config = (await readFile(configFile, 'utf8')).replace(
    "openapi: 'openapi/api.yaml',",
    `openapi: ${JSON.stringify(path.relative(project, root))},\n  onBrokenLinks: 'warn',`,
  );
  await writeFile(configFile, config);
  return { project, root };
}

/**
 * One description built by docsgen (cold and warm, in a copy of the fixture site whose config
 * points at it) and by Redocly CLI's build-docs, in the same run, each measured as every
 * generator of the bench is (timedRun.ts); then the first, middle and last operation opened by
 * their links in each, served from 127.0.0.1 to Chromium (operationReading.ts).
 */
export async function apiReferenceFigures(
  scratch: string,
  { name, file }: { name: string; file: string },
  runs: number,
): Promise<ApiBenchFigures> {
  const { project, root } = await apiProject(scratch, { name, file });
  const out = (label: string) => path.join(scratch, `${path.basename(project)}-${label}`);
  const cold: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) cold.push(await measureBuild(project, out(`cold-${run}`), { cold: true }));
  await measureBuild(project, out('fill'), { cold: false });
  const warm: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) warm.push(await measureBuild(project, out(`warm-${run}`), { cold: false }));
  const dist = out(`warm-${runs - 1}`);
  const pages = await apiPages(dist);
  const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));

  const cli = redoclyCliFile();
  const redocly = (args: string[]) => timedRun(process.execPath, [cli, ...args], 'redocly build-docs');
  // Once unmeasured, as docsgen's first build fills its compiled engine: the disk cache warms.
  await redocly(['build-docs', root, '-o', path.join(scratch, 'redoc-warmup.html')]);
  const redocRuns: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++)
    redocRuns.push(await redocly(['build-docs', root, '-o', path.join(scratch, `redoc-${run}.html`)]));
  const redocBytes = (await stat(path.join(scratch, 'redoc-0.html'))).size;
  // The page a reader opens needs Redoc's script, which build-docs links from Redocly's CDN: the
  // same build with the script inlined is served locally instead (not timed).
  const redocSite = path.join(scratch, `redoc-${slug(name)}`);
  await redocly(['build-docs', root, '--inlineBundle', '-o', path.join(redocSite, 'index.html')]);
  const api = await loadOpenApi(root);
  const operations = [...descriptionOperations(api)];
  const picks = pickOperations(operations);
  const browser = await launchOfflineChromium();
  const read = async (dir: string, links: { operationId: string; href: string }[]) => {
    const site = await serveFolder(dir);
    try {
      return readingSummary(await operationReadings(browser, site.url, links));
    } finally {
      await site.close();
    }
  };
  let docsgenReading: ReadingSummary;
  let redocReading: ReadingSummary;
  try {
    docsgenReading = await read(
      dist,
      picks.map(({ operationId, docsgenHref }) => ({ operationId, href: docsgenHref })),
    );
    redocReading = await read(
      redocSite,
      picks.map(({ operationId, redocHref }) => ({ operationId, href: redocHref })),
    );
  } finally {
    await browser.close();
  }
  return {
    name,
    operations: operations.length,
    docsgen: {
      cold: medianRun(cold),
      warm: medianRun(warm),
      pages: pages.length,
      bytes: pages.reduce((sum, page) => sum + page.bytes, 0),
      largestPage: largest,
      dist: await folderSize(dist),
      reading: docsgenReading,
    },
    redoc: {
      build: medianRun(redocRuns),
      bytes: redocBytes,
      inlineBytes: (await stat(path.join(redocSite, 'index.html'))).size,
      reading: redocReading,
    },
    opened: picks.map((pick) => pick.operationId),
  };
}

/** Files in a folder, and their bytes. */
async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** The reference's HTML pages: their size, and their elements (a floor on the DOM nodes a browser makes of them). */
async function apiPages(dist: string): Promise<{ route: string; bytes: number; elements: number }[]> {
  const pages = [];
  for (const entry of await readdir(path.join(dist, 'api'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const html = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    pages.push({
      route: `/${path.relative(dist, entry.parentPath)}/`,
      bytes: Buffer.byteLength(html),
      elements: html.match(/<[a-zA-Z]/g)?.length ?? 0,
    });
  }
  return pages;
}
