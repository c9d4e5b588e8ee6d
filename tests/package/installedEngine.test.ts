import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { installPackedEngine, packEngine, type PackedEngine } from '../helpers/packedEngine.ts';

/**
 * The engine as another company's docs team gets it: `npm pack`ed, installed from the tarball
 * into an empty folder (offline, from npm's cache), then used through its own CLI only.
 */
let temp: string;
let project: string;
let packed: PackedEngine;
let cli: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-packed-'));
  packed = await packEngine(temp);
  project = path.join(temp, 'site');
  await mkdir(project);
  cli = await installPackedEngine(project, packed.tarball);
}, 600_000);
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

/** Builds the site in `root`, checks its links and serves it, fetching `route`; returns that page. */
async function buildCheckServe(root: string, route: string): Promise<string> {
  const build = await docsgen(['build', '--quiet'], root, cli);
  expect(build.code, build.stderr).toBe(0);
  const links = await docsgen(['check-links'], root, cli);
  expect(links.code, links.stdout + links.stderr).toBe(0);
  const server = await startServe([], root, cli);
  try {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status).toBe(200);
    return await response.text();
  } finally {
    await interrupt(server.child);
  }
}

describe('the packed engine', () => {
  it('holds the engine, its theme and the starter, and none of this site, its tests or its bench', () => {
    const top = new Set(packed.files.map((file) => file.split('/')[0]));
    expect([...top].sort()).toEqual(['README.md', 'bin', 'package.json', 'src', 'starter', 'templates', 'types']);
    expect(packed.files).toContain('bin/docsgen.js');
    expect(packed.files).not.toContain('bin/bench.js');
    expect(packed.files).toContain('starter/openapi/petstore.yaml');
  });

  it('`docsgen init` writes a site that builds, passes the link check and serves', async () => {
    const init = await docsgen(['init', '--name', 'Widget Docs'], project, cli);
    expect(init.code, init.stderr).toBe(0);
    // The folder has the engine installed: the next step is to serve, not to install.
    expect(init.stdout).toMatch(/Next:\n\n {2}npx docsgen serve --watch\n/);
    // The project's own package.json keeps the installed engine and gains the site's scripts.
    const manifest = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'));
    expect(manifest.dependencies.docsgen).toMatch(/^file:/);
    expect(manifest.scripts.start).toBe('docsgen serve --watch');
    const home = await buildCheckServe(project, '/');
    expect(home).toContain('<h1 class="hero__title">Widget Docs</h1>');
    // A favicon of its own, so a browser does not ask for /favicon.ico and get a 404 on every page.
    expect(home).toContain('<link rel="icon" href="/img/favicon.svg" type="image/svg+xml"/>');
    expect(existsSync(path.join(project, 'dist/img/favicon.svg'))).toBe(true);
    expect(existsSync(path.join(project, 'dist/api/index.html'))).toBe(true);
    expect(existsSync(path.join(project, 'dist/docs/guides/writing-pages/index.html'))).toBe(true);
  }, 300_000);

  it('builds a hand-written minimal config with the Petstore (OpenAPI 3.1) as its API', async () => {
    const root = path.join(project, 'hand-written');
    await mkdir(path.join(root, 'content/docs'), { recursive: true });
    await writeFile(
      path.join(root, 'docsgen.config.ts'),
      "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Pets', url: 'https://docs.pets.example', openapi: 'petstore.yaml' });\n",
    );
    await writeFile(path.join(root, 'content/docs/start.md'), '# Start\n\nSee the [API reference](/api/).\n');
    await copyFile(path.join(projectRoot, 'starter/openapi/petstore.yaml'), path.join(root, 'petstore.yaml'));
    const reference = await buildCheckServe(root, '/api/');
    for (const operation of ['List all pets', 'Create a pet', 'Info for a specific pet'])
      expect(reference).toContain(operation);
  }, 300_000);

  it("replaces the theme's footer with the project's own, which wraps the installed theme's", async () => {
    const root = path.join(project, 'own-footer');
    await mkdir(path.join(root, 'content/docs'), { recursive: true });
    await writeFile(
      path.join(root, 'docsgen.config.ts'),
      "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Pets', url: 'https://docs.pets.example', footer: { copyright: 'Pets Inc.' }, components: { Footer: './theme/Footer.tsx' } });\n",
    );
    await writeFile(path.join(root, 'content/docs/start.md'), '# Start\n\nHello.\n');
    // The footer and the module of the project's it imports.
    await cp(path.join(projectRoot, 'tests/fixtures/component-override/theme'), path.join(root, 'theme'), {
      recursive: true,
    });
    const page = await buildCheckServe(root, '/docs/start/');
    expect(page).toContain('<p class="widget-footer">Made by the Widget team</p><footer class="footer">');
    expect(page).toContain('<p class="footer__copyright">Pets Inc.</p>');
  }, 300_000);

  it('refuses to init over an existing site, naming what is there, and writes nothing', async () => {
    const before = await readFile(path.join(project, 'package.json'), 'utf8');
    const init = await docsgen(['init', '--yes'], project, cli);
    expect(init.code).toBe(2);
    expect(init.stderr).toContain('docsgen.config.ts');
    expect(await readFile(path.join(project, 'package.json'), 'utf8')).toBe(before);
  });

  it('`docsgen init <dir> --no-api` writes a docs-only site that installs the same engine and builds', async () => {
    const root = path.join(project, 'docs-only');
    const init = await docsgen(['init', 'docs-only', '--no-api', '--name', 'Gadget'], project, cli);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/ {2}cd docs-only\n {2}npm install\n {2}npx docsgen serve --watch\n/);
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    // The engine as the project that ran init installed it: the same tarball, from the new folder.
    expect(path.resolve(root, manifest.dependencies.docsgen.replace(/^file:/, ''))).toBe(packed.tarball);
    expect(existsSync(path.join(root, 'openapi'))).toBe(false);
    const build = await docsgen(['build', '--quiet'], root, cli);
    expect(build.code, build.stderr).toBe(0);
    expect(existsSync(path.join(root, 'dist/api'))).toBe(false);
    const links = await docsgen(['check-links'], root, cli);
    expect(links.code, links.stdout + links.stderr).toBe(0);
  }, 300_000);
});
