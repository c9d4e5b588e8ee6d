import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsgenError } from '../../src/errors.ts';
import { parseVersionsFile } from '../../src/site/versionsFile.ts';
import { loadSite } from '../../src/site/site.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { versionedFixtureSite } from '../helpers/versionedSite.ts';

const located = (source: string) => {
  try {
    parseVersionsFile(source, 'versions.json');
  } catch (error) {
    if (error instanceof DocsgenError) return error.format();
    throw error;
  }
  throw new Error('parsed');
};

describe('versions.json', () => {
  it('lists the snapshots newest first', () => {
    expect(parseVersionsFile('[{"label": "2.9.0", "openapi": "api.yaml"}, {"label": "1.0"}]', 'versions.json')).toEqual(
      [{ label: '2.9.0', openapi: 'api.yaml' }, { label: '1.0' }],
    );
  });

  it('names the line and column of a mistake', () => {
    expect(located('[\n  {"label": "2.9.0"},\n  {"label": "../up"}\n]')).toMatch(
      /^versions\.json:3:13: .*"\.\.\/up" is not/,
    );
    expect(located('[\n  {"label": "2.9.0", "path": "x"}\n]')).toMatch(
      /^versions\.json:2:30: versions file: unknown key "path"/,
    );
    expect(located('[{"label": "a"},\n {"label": "a"}]')).toMatch(
      /^versions\.json:2:12: versions file: version "a" is listed twice/,
    );
    expect(located('[{"label": "current"}]')).toMatch(/"current" names the version writers edit/);
    expect(located('[{"label": "a", "openapi": "../../etc/passwd"}]')).toMatch(
      /must be a path inside the snapshot's folder/,
    );
    expect(located('[{"label": "a"')).toMatch(/^versions\.json:\d+:\d+: versions file does not parse/);
  });
});

describe('docsgen version <label>', () => {
  it('snapshots the docs and the OpenAPI description, lists the label first, and the site loads both versions', async () => {
    const root = await copyFixtureSite();
    try {
      const first = await docsgen(['version', '1.0'], root);
      expect(first.code).toBe(0);
      // A link written site-absolute leads to the current version: left as written, and said, located.
      expect(first.stderr).toContain(
        "1 link(s) in version 1.0's pages lead to the current version's docs or API reference",
      );
      expect(first.stderr).toContain('  versioned_docs/version-1.0/guide/step.md:8:15: /api/#operation/listThings\n');
      expect(await readFile(path.join(root, 'versioned_docs/version-1.0/guide/step.md'), 'utf8')).toContain(
        '[API](/api/#operation/listThings)',
      );
      expect(first.stdout).toContain('version 1.0: 3 pages in versioned_docs/version-1.0/');
      // The fixture's navbar has the version dropdown: nothing to say about it.
      expect(first.stderr).not.toContain('version dropdown');
      const second = await docsgen(['version', '1.1'], root);
      expect(second.code).toBe(0);
      expect(JSON.parse(await readFile(path.join(root, 'versions.json'), 'utf8'))).toEqual([
        { label: '1.1', openapi: 'api.yaml' },
        { label: '1.0', openapi: 'api.yaml' },
      ]);
      expect((await readdir(path.join(root, 'versioned_docs/version-1.0'), { recursive: true })).sort()).toEqual(
        (await readdir(path.join(root, 'content/docs'), { recursive: true })).sort(),
      );
      expect(await readFile(path.join(root, 'versioned_openapi/1.0/api.yaml'), 'utf8')).toBe(
        await readFile(path.join(root, 'openapi/api.yaml'), 'utf8'),
      );

      const site = await loadSite(root);
      expect(site.versions.map(({ name, docsBase, apiBase }) => [name, docsBase, apiBase])).toEqual([
        ['current', '/docs/', '/api/'],
        ['1.1', '/docs/1.1/', '/api/1.1/'],
        ['1.0', '/docs/1.0/', '/api/1.0/'],
      ]);
      expect(site.versions[2].docs.map(({ source }) => source.route).sort()).toEqual(
        site.docs.map(({ source }) => source.route.replace('/docs/', '/docs/1.0/')).sort(),
      );
      expect(site.versions[2].sidebar).not.toEqual(site.sidebar);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("gives a split reference's tag another route than an older version's reference (tag V2, label v2)", async () => {
    const root = await copyFixtureSite();
    try {
      expect((await docsgen(['version', 'v2'], root)).code).toBe(0);
      const config = path.join(root, 'docsgen.config.ts');
      await writeFile(
        config,
        (await readFile(config, 'utf8')).replace(
          "docs: { versionLabel: 'v1.0.0' },",
          "docs: { versionLabel: 'v1.0.0' },\n  apiReference: { splitAbove: 0 },",
        ),
      );
      const api = path.join(root, 'openapi/api.yaml');
      await writeFile(api, (await readFile(api, 'utf8')).replaceAll('Things', 'V2'));
      const site = await loadSite(root);
      const current = site.apiPages.map(({ route }) => route);
      expect(current).toContain('/api/v2-2/');
      expect(current).not.toContain('/api/v2/');
      expect(site.versions[1].apiPages[0].route).toBe('/api/v2/');
      // Every route of the site once.
      const routes = site.versions.flatMap((version) => version.apiPages.map(({ route }) => route));
      expect(new Set(routes).size).toBe(routes.length);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('warns when the navbar has no version dropdown: the current docs would not lead to the snapshot', async () => {
    const root = await copyFixtureSite();
    try {
      const config = path.join(root, 'docsgen.config.ts');
      const source = await readFile(config, 'utf8');
      await writeFile(config, source.replace("      { type: 'docsVersionDropdown' },\n", ''));
      const labelled = await docsgen(['version', '1.0'], root);
      expect(labelled.code).toBe(0);
      expect(labelled.stderr).toContain(
        "warning: the navbar has no version dropdown, so readers of the current docs cannot reach version 1.0: add { type: 'docsVersionDropdown' } to navbar.items in docsgen.config.ts\n",
      );
      // Without docs.versionLabel too (the dropdown needs it): both are named.
      await writeFile(
        config,
        source
          .replace("  docs: { versionLabel: 'v1.0.0' },\n", '')
          .replace("      { type: 'docsVersionDropdown' },\n", ''),
      );
      const unlabelled = await docsgen(['version', '1.1'], root);
      expect(unlabelled.code).toBe(0);
      expect(unlabelled.stderr).toContain(
        "to navbar.items in docsgen.config.ts, and set docs.versionLabel, the current version's name in it\n",
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a taken or malformed label (exit 2) and a broken description (exit 1), leaving the project as it was', async () => {
    const root = await copyFixtureSite();
    try {
      await docsgen(['version', '1.0'], root);
      const before = await snapshotDir(root);
      const taken = await docsgen(['version', '1.0'], root);
      expect([taken.code, taken.stderr.trim()]).toEqual([
        2,
        'error: version "1.0" exists already (versions.json); choose another label',
      ]);
      const bad = await docsgen(['version', '../1.1'], root);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('"../1.1" is not');
      // A folder a run left behind is never taken over.
      await mkdir(path.join(root, 'versioned_docs/version-2.0'));
      const leftover = await docsgen(['version', '2.0'], root);
      expect(leftover.code).toBe(2);
      expect(leftover.stderr).toContain('versioned_docs/version-2.0 exists already');
      await rm(path.join(root, 'versioned_docs/version-2.0'), { recursive: true });
      await writeFile(path.join(root, 'openapi/api.yaml'), 'openapi: 3.1.0\npaths: [\n');
      const broken = await docsgen(['version', '2.0'], root);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/openapi\/api\.yaml:\d+:\d+/);
      const after = await snapshotDir(root);
      after.delete('openapi/api.yaml');
      before.delete('openapi/api.yaml');
      expect(after).toEqual(before);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('a site with version 1.0 beside the current one', () => {
  let root: string;
  const read = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');
  const hrefs = (html: string, className: string) =>
    [
      ...html.matchAll(
        new RegExp(`class="${className}[^"]*"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*class="${className}`, 'g'),
      ),
    ].map((match) => match[1] ?? match[2]);
  beforeAll(async () => {
    root = await versionedFixtureSite();
    const built = await docsgen(['build'], root);
    if (built.code !== 0) throw new Error(built.stderr);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("serves each version's pages under its prefix, with its own sidebar, breadcrumbs and previous/next links", async () => {
    const files = (await readdir(path.join(root, 'dist/docs'), { recursive: true })).filter((file) =>
      file.endsWith('.html'),
    );
    expect(files.sort()).toEqual([
      '1.0/guide/index.html',
      '1.0/guide/step/index.html',
      '1.0/intro/index.html',
      'guide/index.html',
      'guide/new-in-two/index.html',
      'intro/index.html',
    ]);
    const old = await read('docs/1.0/guide/step/index.html');
    expect(hrefs(old, 'menu__link')).toEqual(['/docs/1.0/intro/', '/docs/1.0/guide/', '/docs/1.0/guide/step/']);
    expect(hrefs(old, 'breadcrumbs__link').slice(1)).toEqual(['/docs/1.0/guide/']);
    expect(hrefs(old, 'pagination-nav__link')).toEqual(['/docs/1.0/guide/']);
    const current = await read('docs/guide/index.html');
    expect(hrefs(current, 'menu__link')).toEqual(['/docs/intro/', '/docs/guide/', '/docs/guide/new-in-two/']);
    // A snapshot's links between its pages stay in it.
    expect(await read('docs/1.0/intro/index.html')).toContain('href="/docs/1.0/guide/step/#details"');
  });

  it("serves each version's API reference and downloads from its own description", async () => {
    const [current, old] = [await read('api/index.html'), await read('api/1.0/index.html')];
    expect(current).toContain('createThing');
    expect(old).not.toContain('createThing');
    expect(await read('api/1.0/api.yaml')).toBe(
      await readFile(path.join(root, 'versioned_openapi/1.0/api.yaml'), 'utf8'),
    );
    expect(JSON.parse(await read('api/1.0/api.json')).info.version).toBe('1.0.0');
    expect(JSON.parse(await read('api/api.json')).info.version).toBe('2.0.0');
    expect(JSON.stringify(JSON.parse(await read('api/1.0/postman-collection.json')))).not.toContain('Create a thing');
    expect(old).toContain('href="/api/1.0/api.yaml"');
  });

  it('lists every version in the sitemap and llms.txt, with a Markdown twin of every page', async () => {
    const sitemap = await read('sitemap.xml');
    for (const route of ['/docs/1.0/intro/', '/docs/1.0/guide/step/', '/api/1.0/', '/docs/guide/new-in-two/', '/api/'])
      expect(sitemap).toContain(`<loc>https://docs.fixture.example${route}</loc>`);
    const llms = await read('llms.txt');
    expect(llms).toContain('- [First step (version 1.0)](https://docs.fixture.example/docs/1.0/guide/step/index.md)');
    expect(llms).toContain('- [API reference (version 1.0)](https://docs.fixture.example/api/1.0/index.md)');
    // Each version's reference has its twin, of that version's description.
    expect(await read('api/1.0/index.md')).toMatch(/^# .+ 1\.0\.0\n/);
    expect(await read('api/index.md')).toMatch(/^# .+ 2\.0\.0\n/);
    expect(await read('docs/1.0/intro/index.md')).toContain('Version one had widgets.');
    expect(await read('docs/1.0/intro/index.html')).toContain(
      '<link rel="alternate" type="text/markdown" href="/docs/1.0/intro/index.md"/>',
    );
  });

  it('tags every search record with its version, and says the tag in the page head for the client and crawlers', async () => {
    const exported = await docsgen(['search', 'export', '--file', 'records.json'], root);
    expect(exported.code).toBe(0);
    const records = JSON.parse(await readFile(path.join(root, 'records.json'), 'utf8')) as {
      url: string;
      docusaurus_tag: string;
    }[];
    const tagsOf = (prefix: string) =>
      new Set(
        records.filter(({ url }) => new URL(url).pathname.startsWith(prefix)).map((record) => record.docusaurus_tag),
      );
    expect(tagsOf('/docs/1.0/')).toEqual(new Set(['docs-default-1.0']));
    expect(tagsOf('/api/1.0/')).toEqual(new Set(['docs-default-1.0']));
    expect(tagsOf('/docs/intro/')).toEqual(new Set(['docs-default-current']));
    expect(tagsOf('/api/')).toEqual(new Set(['docs-default-current', 'docs-default-1.0']));
    expect(
      records.some(
        ({ url, docusaurus_tag }) => new URL(url).pathname === '/api/' && docusaurus_tag === 'docs-default-1.0',
      ),
    ).toBe(false);
    expect(await read('docs/1.0/intro/index.html')).toContain(
      '<meta name="docsearch:docusaurus_tag" content="docs-default-1.0"/>',
    );
    expect(await read('api/index.html')).toContain(
      '<meta name="docsearch:docusaurus_tag" content="docs-default-current"/>',
    );
    expect(await read('index.html')).not.toContain('docsearch:docusaurus_tag');
  });
});

describe('serve --watch on a site with versions', () => {
  it("renders an older version's page and API reference again when its files are saved", async () => {
    const root = await versionedFixtureSite();
    const { child, url } = await startServe(['--watch'], root);
    const page = (route: string) => fetch(url + route).then((response) => response.text());
    // Polls until the page shows the saved text: bounded by the test's timeout, not by a clock.
    const until = async (route: string, text: string) => {
      while (!(await page(route)).includes(text)) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    try {
      expect(await page('/docs/1.0/intro/')).toContain('Version one had widgets.');
      const old = path.join(root, 'versioned_docs/version-1.0/intro.md');
      await writeFile(old, (await readFile(old, 'utf8')).replace('had widgets', 'had blue widgets'));
      await until('/docs/1.0/intro/', 'Version one had blue widgets.');
      expect(await page('/docs/intro/')).not.toContain('blue widgets');

      const api = path.join(root, 'versioned_openapi/1.0/api.yaml');
      await writeFile(
        api,
        (await readFile(api, 'utf8')).replace('summary: List things', 'summary: List the old things'),
      );
      await until('/api/1.0/', 'List the old things');
      expect(await page('/api/')).not.toContain('List the old things');
    } finally {
      await interrupt(child);
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
