import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { slugOf } from '../config/schema.ts';
import { engineRoot } from '../engineRoot.ts';
import { UsageError } from '../errors.ts';
import { exitCodes } from './exitCodes.ts';

/** What `docsgen init` asks, or takes from its options. */
export interface InitAnswers {
  name: string;
  /** With the API reference: an OpenAPI example (the Petstore, OpenAPI 3.1) and its page. */
  api: boolean;
}

export interface InitOptions {
  /** The folder to write the site into (created if missing). */
  dir: string;
  /** Answers given on the command line; a missing one is asked on a terminal, else defaulted. */
  name?: string;
  api?: boolean;
  /** Ask nothing, even on a terminal. */
  yes: boolean;
}

const defaults: InitAnswers = { name: 'My Docs', api: true };
/** The starter's pages and API description, copied as they are (starter/ of the engine). */
const starterDir = path.join(engineRoot, 'starter');
/** A TypeScript string literal in the config's own quotes. */
const quoted = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;
const scripts = { start: 'docsgen serve --watch', build: 'docsgen build', 'check-links': 'docsgen check-links' };

/**
 * `docsgen init [dir]`: writes a small working site (config, home page, three docs pages, a favicon, an
 * OpenAPI example, a README) into `dir`. It never replaces a file: an existing package.json
 * gets the site's scripts beside its own, any other file already there stops it before it
 * writes anything.
 */
export async function runInit(options: InitOptions): Promise<number> {
  const answers = await answersFor(options);
  const files = siteFiles(answers, await starterFiles(answers.api));
  const taken = Object.keys(files).filter((file) => existsSync(path.join(options.dir, file)));
  if (taken.length > 0)
    throw new UsageError(
      `${options.dir} already has ${taken.join(', ')}: init writes a new site and never replaces a file; choose an empty folder`,
    );
  await mkdir(options.dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(options.dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    if (typeof text === 'string') await writeFile(target, text, { flag: 'wx' });
    else await cp(text.from, target, { errorOnExist: true, force: false });
  }
  await writePackageJson(options.dir, answers);
  const here = path.relative(process.cwd(), options.dir);
  console.log(`Wrote the site "${answers.name}" into ${options.dir}. Next:\n`);
  if (here) console.log(`  cd ${here.startsWith('..') ? options.dir : here}`);
  // Where the engine is installed already (init run in the folder that installed it), there is nothing to install.
  const installed = existsSync(path.join(options.dir, 'node_modules/docsgen/package.json'));
  console.log(`${installed ? '' : '  npm install\n'}  npx docsgen serve --watch\n`);
  return exitCodes.ok;
}

async function answersFor(options: InitOptions): Promise<InitAnswers> {
  const given = { name: options.name, api: options.api };
  if (options.yes || !process.stdin.isTTY || !process.stdout.isTTY)
    return { name: given.name ?? defaults.name, api: given.api ?? defaults.api };
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const name = given.name ?? ((await prompt.question(`Site name (${defaults.name}): `)).trim() || defaults.name);
    const api =
      given.api ?? !/^n/i.test((await prompt.question('With an API reference from an OpenAPI file? (Y/n): ')).trim());
    return { name, api };
  } finally {
    prompt.close();
  }
}

/** The starter's files by their path in the new site: the docs pages, and the OpenAPI example with the API. */
async function starterFiles(api: boolean): Promise<Record<string, { from: string }>> {
  const entries = await readdir(starterDir, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(starterDir, path.join(entry.parentPath, entry.name)))
      .filter((file) => api || !file.startsWith(`openapi${path.sep}`))
      .map((file) => [file.split(path.sep).join('/'), { from: path.join(starterDir, file) }]),
  );
}

/** Every file of the new site but package.json: the generated ones, then the starter's. */
function siteFiles(answers: InitAnswers, starter: Record<string, { from: string }>) {
  const slug = slugOf(answers.name);
  const config = [
    "import { defineConfig } from 'docsgen';",
    '',
    '// Every key but title and url has a default: see the docsgen README, "Configuration".',
    'export default defineConfig({',
    `  title: ${quoted(answers.name)},`,
    `  tagline: ${quoted(`Guides${answers.api ? ' and API reference' : ''} for ${answers.name}.`)},`,
    `  url: 'https://docs.${slug}.example',`,
    ...(answers.api ? ["  openapi: 'openapi/petstore.yaml',"] : []),
    "  theme: { favicon: '/img/favicon.svg' },",
    '});',
    '',
  ].join('\n');
  const cards = [
    ['Introduction', 'What these docs cover and where to start.', '/docs/introduction/'],
    ['Quick start', 'Serve this site and change its first page.', '/docs/quick-start/'],
    ...(answers.api ? [['API reference', 'Every operation of the API, with samples.', '/api/']] : []),
    ['Writing pages', 'Front matter, the sidebar, links and code.', '/docs/guides/writing-pages/'],
  ];
  const home = [
    '---',
    "title: '{{product}}'",
    `description: ${JSON.stringify(`The documentation of ${answers.name}.`)}`,
    'cards:',
    ...cards.flatMap(([title, description, href]) => [
      `  - title: ${title}`,
      `    description: ${description}`,
      `    href: ${href}`,
    ]),
    '---',
    '',
  ].join('\n');
  return {
    'docsgen.config.ts': config,
    'content/home.md': home,
    'README.md': readme(answers),
    '.gitignore': 'node_modules/\ndist/\n.docsgen-cache/\n',
    ...starter,
  } as Record<string, string | { from: string }>;
}

function readme({ name, api }: InitAnswers): string {
  return `# ${name}

A documentation site built with [docsgen](https://www.npmjs.com/package/docsgen).

\`\`\`sh
npm install
npx docsgen serve --watch   # http://127.0.0.1:3000, reloads on every change
npx docsgen build           # the site, into dist/
npx docsgen check-links     # every internal link and anchor
\`\`\`

| path | what it is |
|---|---|
| \`docsgen.config.ts\` | the site's name, URL and options |
| \`content/home.md\` | the home page: its title, description and cards |
| \`content/docs/\` | the docs: one Markdown file a page, one folder a sidebar section |
${api ? '| `openapi/petstore.yaml` | the API description the reference at `/api/` is built from: replace it with yours |\n' : ''}| \`public/\` | files published as they are (images, a favicon) |
`;
}

/** Adds the site's scripts (and the engine, as a dependency) to the folder's package.json, or writes one. */
async function writePackageJson(dir: string, answers: InitAnswers): Promise<void> {
  const file = path.join(dir, 'package.json');
  const engine = JSON.parse(await readFile(path.join(engineRoot, 'package.json'), 'utf8')) as { version: string };
  const existing = existsSync(file)
    ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown> & {
        scripts?: Record<string, string>;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      })
    : { name: slugOf(answers.name), private: true, type: 'module' };
  const hasEngine = Boolean(existing.dependencies?.docsgen ?? existing.devDependencies?.docsgen);
  const spec = (await installedFrom(dir)) ?? `^${engine.version}`;
  const manifest = {
    ...existing,
    scripts: { ...scripts, ...existing.scripts },
    ...(hasEngine ? {} : { dependencies: { ...existing.dependencies, docsgen: spec } }),
  };
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * How the project that installed the running engine names it (`file:../docsgen-0.1.0.tgz`, a
 * git URL, a range), as seen from `dir`: the new site installs the same engine. Undefined when
 * the engine does not run from a project's node_modules (a global install, this repository).
 */
async function installedFrom(dir: string): Promise<string | undefined> {
  if (path.basename(path.dirname(engineRoot)) !== 'node_modules') return undefined;
  const project = path.dirname(path.dirname(engineRoot));
  const manifest = await readFile(path.join(project, 'package.json'), 'utf8').then(
    (text) => JSON.parse(text) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> },
    () => undefined,
  );
  const spec = manifest?.dependencies?.docsgen ?? manifest?.devDependencies?.docsgen;
  if (!spec?.startsWith('file:')) return spec;
  const target = path.resolve(project, spec.slice('file:'.length));
  return `file:${path.relative(dir, target).split(path.sep).join('/')}`;
}
