import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { measureBuild, medianRun, type BuildMeasurement } from './measureBuild.ts';
import { timedRun } from './timedRun.ts';
import { loadOpenApi } from '../src/openapi/loadOpenApi.ts';
import { operationTags } from '../src/openapi/referencePages.ts';

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
  };
  redoc: { build: BuildMeasurement; bytes: number };
}

/**
 * The descriptions the bench builds: GitHub's, fetched by `npm pack` into the scratch folder, and
 * any given as `--api-descriptions name=path/to/root.yaml,…` (Stripe's, Box's, DigitalOcean's and
 * Dropbox Sign's live only on GitHub, which CI cannot reach: a developer fetches them and names
 * them here). A multi-file description is copied with the whole folder of its root file.
 */
export async function apiDescriptions(
  scratch: string,
  given: string | undefined,
): Promise<{ name: string; file: string }[]> {
  const packDir = path.join(scratch, 'octokit-openapi');
  await mkdir(packDir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', githubPackage, '--silent'], { cwd: packDir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', ['xzf', tarball, githubFile], { cwd: packDir });
  const descriptions = [{ name: 'GitHub', file: path.join(packDir, githubFile) }];
  for (const entry of (given ?? '').split(',').filter(Boolean)) {
    const [name, file] = entry.split('=');
    descriptions.push({ name, file: path.resolve(file) });
  }
  return descriptions;
}

/**
 * One description built by docsgen (cold and warm, in a copy of the fixture site whose config
 * points at it) and by Redocly CLI's build-docs, in the same run, each measured as every
 * generator of the bench is (timedRun.ts).
 */
export async function apiReferenceFigures(
  scratch: string,
  { name, file }: { name: string; file: string },
  runs: number,
): Promise<ApiBenchFigures> {
  const project = path.join(scratch, `api-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
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

  const out = (label: string) => path.join(scratch, `${path.basename(project)}-${label}`);
  const cold: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) cold.push(await measureBuild(project, out(`cold-${run}`), { cold: true }));
  await measureBuild(project, out('fill'), { cold: false });
  const warm: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++) warm.push(await measureBuild(project, out(`warm-${run}`), { cold: false }));
  const dist = out(`warm-${runs - 1}`);
  const pages = await apiPages(dist);
  const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));

  const npx = (args: string[]) => timedRun('npx', ['--yes', redoclyCli, ...args], 'redocly build-docs');
  // Once unmeasured: npx fetches the CLI into its cache.
  await npx(['build-docs', root, '-o', path.join(scratch, 'redoc-warmup.html')]);
  const redocRuns: BuildMeasurement[] = [];
  for (let run = 0; run < runs; run++)
    redocRuns.push(await npx(['build-docs', root, '-o', path.join(scratch, `redoc-${run}.html`)]));
  const redocBytes = (await stat(path.join(scratch, 'redoc-0.html'))).size;
  const operations = [...operationTags(await loadOpenApi(root)).values()].reduce((sum, count) => sum + count, 0);
  return {
    name,
    operations,
    docsgen: {
      cold: medianRun(cold),
      warm: medianRun(warm),
      pages: pages.length,
      bytes: pages.reduce((sum, page) => sum + page.bytes, 0),
      largestPage: largest,
    },
    redoc: { build: medianRun(redocRuns), bytes: redocBytes },
  };
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
