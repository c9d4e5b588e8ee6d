import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';
import { cliPath } from '../helpers/cli.ts';
import { versionedFixtureSite } from '../helpers/versionedSite.ts';
import { writeChangelogSite } from '../helpers/changelogSite.ts';

const run = promisify(execFile);

/**
 * The source files `docsgen build` loads in `site`: the modules it resolves, and for each chunk
 * of the compiled engine, the files its source map says it was bundled from (wherever esbuild
 * put them).
 */
async function sourcesOfBuild(site: string): Promise<string[]> {
  const record = path.join(site, 'imports.txt');
  await rm(record, { force: true });
  await run(
    process.execPath,
    ['--import', path.join(projectRoot, 'tests/helpers/recordImports.mjs'), cliPath, 'build', '--quiet'],
    {
      cwd: site,
      env: { ...process.env, DOCSGEN_RECORD_IMPORTS: record },
    },
  );
  const sources = new Set<string>();
  for (const url of new Set((await readFile(record, 'utf8')).split('\n').filter((line) => line.startsWith('file:')))) {
    const file = fileURLToPath(url);
    sources.add(file);
    if (!file.includes(`${path.sep}.cache${path.sep}docsgen${path.sep}engine-`)) continue;
    const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) sources.add(path.resolve(path.dirname(file), source));
  }
  return [...sources];
}

/** What renders a page: the theme and React, the Markdown pipeline, Shiki, the reference's builder and Redocly, an HTML parser. */
const renderingModules = [
  /\/templates\/DocPage\.tsx$/,
  /\/node_modules\/react-dom\//,
  /\/src\/markdown\/createProcessor\.ts$/,
  /\/node_modules\/micromark\//,
  /\/node_modules\/(shiki|@shikijs)\//,
  /\/src\/openapi\/buildReference\.ts$/,
  /\/node_modules\/@redocly\//,
  /\/node_modules\/parse5\//,
];

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('a build served from the cache', () => {
  it('loads nothing that renders a page; the first build loads it all', async () => {
    const first = await sourcesOfBuild(site);
    for (const pattern of renderingModules)
      expect(
        first.some((file) => pattern.test(file)),
        String(pattern),
      ).toBe(true);
    const warm = await sourcesOfBuild(site);
    expect(warm.some((file) => file.endsWith(`${path.sep}src${path.sep}build${path.sep}build.ts`))).toBe(true);
    expect(warm.filter((file) => renderingModules.some((pattern) => pattern.test(file)))).toEqual([]);
    // Nor the YAML parser that keeps positions: only a mistake needs a place.
    expect(warm.filter((file) => /\/node_modules\/yaml\//.test(file))).toEqual([]);
    // Nor gray-matter's own js-yaml 3 and the esprima it requires: the engine gives gray-matter its YAML.
    const unusedYaml = /\/node_modules\/(esprima|gray-matter\/node_modules\/js-yaml)\//;
    expect([...first, ...warm].filter((file) => unusedYaml.test(file))).toEqual([]);
    // Nor zod's messages in languages other than English, which the engine never shows.
    const otherLocales = /\/node_modules\/zod\/v4\/locales\/(?!en\.js$)/;
    expect([...first, ...warm].filter((file) => otherLocales.test(file))).toEqual([]);
    // Nor the feed writer (a cached feed is copied) or the live progress line (--quiet, no terminal).
    expect(warm.filter((file) => /\/node_modules\/(feed|xml-js|sax|log-update)\//.test(file))).toEqual([]);
    // Nor a thread of its own for the build (src/build/buildThread.ts): its start was most of a warm build's cost.
    const buildThread = /\/src\/build\/buildWorker\.(mjs|ts)$/;
    expect(first.some((file) => buildThread.test(file))).toBe(true);
    expect(warm.filter((file) => buildThread.test(file))).toEqual([]);
  });
});

describe('a build with one page edited in its prose (the CI case)', () => {
  it('renders the page but loads none of Shiki: its code blocks are taken back from the last build', async () => {
    const page = path.join(site, 'content/docs/guide/highlighted.md');
    const text = (prose: string) =>
      `# Highlighted\n\n${prose}\n\n\`\`\`bash\ncurl https://api.example/v1/envelopes\n\`\`\`\n\n\`\`\`json\n{ "status": "sent" }\n\`\`\`\n`;
    await writeFile(page, text('Send an envelope.'));
    const shiki = /\/node_modules\/(shiki|@shikijs\/(?!transformers\/))/;
    const first = await sourcesOfBuild(site);
    expect(first.some((file) => shiki.test(file))).toBe(true);
    // Nor, when it highlights, the JavaScript RegExp engine and its translator: the engine is Oniguruma.
    const javascriptEngine = /\/node_modules\/(@shikijs\/engine-javascript|oniguruma-to-es|oniguruma-parser)\//;
    expect(first.filter((file) => javascriptEngine.test(file))).toEqual([]);
    await writeFile(page, text('Send an envelope to its signers.'));
    const edited = await sourcesOfBuild(site);
    expect(edited.some((file) => /\/src\/markdown\/createProcessor\.ts$/.test(file))).toBe(true);
    expect(edited.filter((file) => shiki.test(file))).toEqual([]);
    expect(await readFile(path.join(site, 'dist/docs/guide/highlighted/index.html'), 'utf8')).toContain(
      'class="shiki"',
    );
  });
});

describe('a build of two versions served from the cache', () => {
  it('compares the versions once: a warm build loads neither the diff nor the validator behind it', async () => {
    const versioned = await versionedFixtureSite();
    const comparing = /[/\\](node_modules[/\\](api-smart-diff|@redocly)[/\\]|src[/\\]apidiff[/\\]diffOpenApi\.ts$)/;
    try {
      expect((await sourcesOfBuild(versioned)).filter((file) => comparing.test(file)).length).toBeGreaterThan(0);
      expect((await sourcesOfBuild(versioned)).filter((file) => comparing.test(file))).toEqual([]);
    } finally {
      await rm(versioned, { recursive: true, force: true });
    }
  });

  it('renders nothing again, the changelog feed included: a warm build loads nothing that renders a page', async () => {
    const changelog = await writeChangelogSite('two');
    const rendering = (files: string[]) =>
      files.filter((file) => renderingModules.some((pattern) => pattern.test(file)));
    try {
      expect(rendering(await sourcesOfBuild(changelog)).length).toBeGreaterThan(0);
      expect(await readFile(path.join(changelog, 'dist/docs/changelog/atom.xml'), 'utf8')).toContain('<entry>');
      expect(rendering(await sourcesOfBuild(changelog))).toEqual([]);
    } finally {
      await rm(changelog, { recursive: true, force: true });
    }
  });
});
