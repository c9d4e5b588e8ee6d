import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

let site: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');

beforeAll(async () => {
  site = await copyFixtureSite();
  result = await build({ root: site });
});

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('build output', () => {
  it('writes every route as DIR/index.html with a trailing slash, plus 404.html', async () => {
    expect(result.routes).toEqual(['/', '/api/', '/docs/guide/', '/docs/guide/step/', '/docs/intro/', '/search/']);
    for (const route of result.routes) {
      expect(await read(path.join(route, 'index.html'))).toMatch(/^<!DOCTYPE html><html lang="en"/);
    }
    expect(await read('404.html')).toContain('<h1>Page Not Found</h1>');
  });

  it('names assets by content hash', async () => {
    const assets = await readdir(path.join(site, 'dist/assets'));
    expect(assets.some((file) => /^runtime-[A-Z0-9]{8}\.js$/.test(file))).toBe(true);
    expect(assets.some((file) => /^theme-[A-Z0-9]{8}\.css$/.test(file))).toBe(true);
  });

  it('writes head tags: "Page | Site" title, description, canonical, Open Graph', async () => {
    const html = await read('docs/guide/step/index.html');
    expect(html).toContain('<title>First step | Fixture Docs</title>');
    expect(html).toContain('<meta name="description" content="The first step."/>');
    expect(html).toContain('<link rel="canonical" href="https://docs.fixture.example/docs/guide/step/"/>');
    expect(html).toContain('<meta property="og:title" content="First step | Fixture Docs"/>');
    expect(html).toContain('<script async="" src="https://assets.fixture.example/a.js?cb=fixed"></script>');
  });

  it('renders the shell: sidebar with the current page, breadcrumbs, TOC, previous and next', async () => {
    const html = await read('docs/intro/index.html');
    expect(html).toContain(
      '<a class="menu__link menu__link--active" href="/docs/intro/" aria-current="page">Introduction</a>',
    );
    expect(html).toMatch(
      /<a class="toc__link" href="#overview">Overview<\/a><ul><li><a class="toc__link" href="#detail">Detail<\/a>/,
    );
    expect(html).toContain('rel="next"');
    expect(html).toContain('href="/docs/guide/step/#details"');
    const step = await read('docs/guide/step/index.html');
    expect(step).toMatch(/<a class="breadcrumbs__link" href="\/docs\/guide\/">Guide<\/a>/);
    expect(step).toContain('<span class="breadcrumbs__link" aria-current="page">First step</span>');
    expect(step).toContain('rel="prev"');
  });

  it('takes the title from the first # heading when front matter has none', async () => {
    const html = await read('docs/guide/index.html');
    expect(html).toContain('<title>The guide | Fixture Docs</title>');
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('lists every page in sitemap.xml, weekly with priority 0.5, and writes robots.txt', async () => {
    const sitemap = await read('sitemap.xml');
    expect(sitemap.match(/<url>/g)).toHaveLength(5);
    expect(sitemap).toContain(
      '<url><loc>https://docs.fixture.example/docs/guide/step/</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>',
    );
    expect(sitemap).not.toContain('/search/');
    expect(await read('robots.txt')).toContain('Sitemap: https://docs.fixture.example/sitemap.xml');
    expect(await read('robots.txt')).toContain('Disallow: /_sidebar/');
    expect(await read('.nojekyll')).toBe('');
  });

  it('renders the API reference with stable operation and schema anchors and downloads', async () => {
    const html = await read('api/index.html');
    expect(html).toContain('id="operation/listThings"');
    expect(html).toContain('id="schema/Thing"');
    expect(JSON.parse(await read('api/api.json')).info.title).toBe('Fixture API');
    expect(JSON.parse(await read('api/postman-collection.json')).info.schema).toMatch(/v2\.1\.0/);
  });
});

describe('CLI', () => {
  it('prints help and version, and exits 2 on usage errors', async () => {
    const help = await docsgen(['--help'], projectRoot);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build \[options\]/);
    expect((await docsgen(['--version'], projectRoot)).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await docsgen(['build', '--bogus'], projectRoot)).code).toBe(2);
    expect((await docsgen(['frobnicate'], projectRoot)).code).toBe(2);
    expect((await docsgen(['serve', '--port', 'abc'], projectRoot)).code).toBe(2);
  });

  it('builds into --out', async () => {
    const { code, stdout } = await docsgen(['build', '--out', 'public-site'], site);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Built 6 pages, 1 unlisted page and \d+ files \(\d+ routes\) into .*public-site in \d+\.\d+ s/,
    );
    expect(await readFile(path.join(site, 'public-site/index.html'), 'utf8')).toContain('<title>Fixture Docs</title>');
  });
});
