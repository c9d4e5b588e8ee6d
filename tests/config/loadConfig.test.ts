import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { resolveNavbarItems } from '../../src/site/navbarItems.ts';
import { DocsgenError, DocsgenErrors } from '../../src/errors.ts';
import { copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';

/** The fixture site's config, edited, in a copy of the site (the files it names are there). */
async function configWith(edit: (source: string) => string): Promise<string> {
  const file = path.join(await copyFixtureSite(), 'docsgen.config.ts');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return file;
}

async function loadError(file: string): Promise<DocsgenError> {
  const error = await loadConfig(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  return error as DocsgenError;
}

describe('loadConfig', () => {
  it('loads and validates the shipped config, filling defaults', async () => {
    const { config } = await loadConfig(path.join(projectRoot, 'docsgen.config.ts'));
    expect(config.product).toEqual({ name: 'Acme Sign', slug: 'acme-sign' });
    expect(config.docs.versionLabel).toBe('v2.9.0');
    expect(config.colorMode).toEqual({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
    expect(config.onBrokenLinks).toBe('error');
    expect(
      Object.values(config.variables)
        .filter((value) => /^https?:/.test(value))
        .every((url) => new URL(url).hostname.endsWith('.example')),
    ).toBe(true);
  });

  it('fills every other key from a title and a URL', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-minimal-config-'));
    const file = path.join(dir, 'docsgen.config.ts');
    await writeFile(
      file,
      "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Widget Docs', url: 'https://docs.widget.example' });\n",
    );
    const { config } = await loadConfig(file);
    expect(config).toMatchObject({
      tagline: '',
      baseUrl: '/',
      product: { name: 'Widget Docs', slug: 'widget-docs' },
      docs: {},
      navbar: { items: [{ type: 'docSidebar', label: 'Docs', sidebarId: '' }, { type: 'search' }] },
      footer: { links: [] },
      variables: {},
    });
    expect([
      config.openapi,
      config.announcementBar,
      config.navbar.logo,
      config.footer.logo,
      config.search.missingResultsUrl,
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('links the API reference from the default navbar when the config names a description', async () => {
    const file = await configWith((source) => source.replace(/  navbar: \{[\s\S]*?\n  \},\n/, ''));
    const { config } = await loadConfig(file);
    expect(config.navbar.items.map((item) => item.type)).toEqual(['docSidebar', 'apiReference', 'search']);
  });

  it('reports every mistake at once, each where it is written, in the order they are written', async () => {
    const file = await configWith((source) =>
      source
        .replace("title: 'Fixture Docs',", '')
        .replace("tagline: '", "taglin: 'x', tagline: '")
        .replace("versionLabel: 'v1.0.0'", 'versionLabel: 100')
        .replace("openapi: 'openapi/api.yaml'", "openapi: 'openapi/gone.yaml'"),
    );
    const error = await loadError(file);
    expect(error).toBeInstanceOf(DocsgenErrors);
    const errors = (error as DocsgenErrors).errors;
    const lines = (await readFile(file, 'utf8')).split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
    expect(errors.map((each) => [each.location?.line, each.message.replace(/ \/.*\/openapi\//, ' openapi/')])).toEqual([
      [lineOf('defineConfig({'), 'config title: is required (string)'],
      [lineOf('taglin:'), expect.stringMatching(/^unknown config key taglin \(did you mean tagline\?\)/)],
      [lineOf('versionLabel: 100'), 'config docs.versionLabel: Invalid input: expected string, received number'],
      [lineOf('gone.yaml'), 'config openapi: there is no file openapi/gone.yaml'],
    ]);
    // Printed as one `error:` line each, by any printer that prints one error.
    expect(`error: ${error.format()}`.split('\n').filter((line) => line.startsWith('error: '))).toHaveLength(4);
  });

  it('reports a key of the wrong type by its path and where it is written', async () => {
    const file = await configWith((source) => source.replace("versionLabel: 'v1.0.0'", 'versionLabel: 100'));
    const error = await loadError(file);
    expect(error.message).toMatch(/^config docs\.versionLabel: .*expected string/);
    expect(error.location).toMatchObject({ file, line: 8 });
    expect(error.location?.column).toBeGreaterThan(1);
  });

  it('compiles again when a file the config imports changes, and when its compiled module is damaged', async () => {
    const file = await configWith(
      (source) => `import { tagline } from './tagline.ts';\n${source.replace(/tagline: '[^']*'/, 'tagline')}`,
    );
    const imported = path.join(path.dirname(file), 'tagline.ts');
    await writeFile(imported, "export const tagline = 'First';\n");
    const first = await loadConfig(file);
    expect(first.config.tagline).toBe('First');
    // The same code: the same compile (kept once the file is older than clockSlackMs).
    expect((await loadConfig(file)).hash).toBe(first.hash);
    await writeFile(imported, "export const tagline = 'Second';\n");
    const second = await loadConfig(file);
    expect(second.config.tagline).toBe('Second');
    expect(second.hash).not.toBe(first.hash);
    const compiled = path.join(path.dirname(file), 'node_modules/.cache/docsgen', `config-${second.hash}.mjs`);
    await writeFile(compiled, 'garbage(');
    expect((await loadConfig(file)).hash).toBe(second.hash);
    expect(await readFile(compiled, 'utf8')).toContain('Second');
  });

  it('reports an unknown key where it is written, with the key it is likely a typo of', async () => {
    const file = await configWith((source) => source.replace("tagline: '", "taglin: 'x', tagline: '"));
    const error = await loadError(file);
    expect(error.message).toMatch(
      /^unknown config key taglin \(did you mean tagline\?\); the keys here are title, tagline, url, baseUrl, /,
    );
    const source = await readFile(file, 'utf8');
    const line = source.split('\n').findIndex((text) => text.includes('taglin:')) + 1;
    expect(error.location).toEqual({ file, line, column: source.split('\n')[line - 1].indexOf('taglin:') + 1 });
  });

  it('finds the keys of a nested object and of the navbar item of the type written', async () => {
    const nested = await loadError(
      await configWith((source) => source.replace("versionLabel: '", "versionLable: 'x', versionLabel: '")),
    );
    expect(nested.message).toBe(
      'unknown config key docs.versionLable (did you mean docs.versionLabel?); the keys here are versionLabel, changelogPath, editUrl',
    );
    const item = await loadError(
      await configWith((source) =>
        source.replace("{ type: 'search' }", "{ type: 'link', label: 'Go', href: '/x/', hrf: '/y/' }"),
      ),
    );
    expect(item.message).toMatch(
      /^unknown config key navbar\.items\[3\]\.hrf \(did you mean navbar\.items\[3\]\.href\?\); the keys here are type, label, href$/,
    );
    const far = await loadError(
      await configWith((source) => source.replace("tagline: '", "sidebarWidth: 3, tagline: '")),
    );
    expect(far.message).toMatch(/^unknown config key sidebarWidth; the keys here are /);
  });

  it('names a navbar item that cannot be rendered', async () => {
    const file = await configWith((source) => source.replace("{ type: 'search' }", "{ type: 'rocket', label: 'Go' }"));
    const error = await loadError(file);
    expect(error.message).toMatch(
      /^navbar item navbar\.items\[3\] cannot be rendered \(\{"type":"rocket","label":"Go"\}\)/,
    );
    expect(error.location?.line).toBe(15);
  });

  it('reports a logo that names a missing file of public/, where it is written; one on another host is not looked for', async () => {
    const file = await configWith((source) =>
      source
        .replace(
          "logo: { alt: 'Fixture', src: '/img/logo.svg' },",
          "logo: { alt: 'Fixture', src: '/img/gone.svg?v=2' },",
        )
        .replace(
          "logo: { alt: 'Fixture', src: '/img/logo.svg', href: 'https://fixture.example' },",
          "logo: { alt: 'Fixture', src: '/img/missing%20logo.svg', href: 'https://fixture.example' },",
        ),
    );
    const error = await loadError(file);
    const root = path.dirname(file);
    expect(error.format()).toContain(
      `${file}:10:29: config navbar.logo.src: there is no file ${path.join(root, 'public/img/gone.svg')}`,
    );
    expect(error.format()).toContain(
      `config footer.logo.src: there is no file ${path.join(root, 'public/img/missing logo.svg')}`,
    );
    const elsewhere = await configWith((source) =>
      source
        .replace("src: '/img/logo.svg' },", "src: 'https://cdn.fixture.example/logo.svg' },")
        .replace("src: '/img/logo.svg', href", "src: 'data:image/svg+xml,%3Csvg/%3E', href"),
    );
    expect((await loadConfig(elsewhere)).config.footer.logo?.src).toBe('data:image/svg+xml,%3Csvg/%3E');
  });

  it('reports a syntax error in the config with its position', async () => {
    const error = await loadError(
      await configWith((source) => source.replace("title: 'Fixture Docs',", "title: 'Fixture Docs',,")),
    );
    expect(error.message).toMatch(/config could not be compiled/);
    expect(error.location?.line).toBe(4);
  });

  it('names a docs-sidebar navbar item whose sidebar has nothing to link to', async () => {
    const { config, file } = await loadConfig(
      await configWith((source) =>
        source.replace(
          "{ type: 'docSidebar', label: 'View Docs' }",
          "{ type: 'docSidebar', label: 'View Docs', sidebarId: 'nothing-here' }",
        ),
      ),
    );
    const source = await readFile(file, 'utf8');
    const run = () =>
      resolveNavbarItems(config, [{ type: 'link', label: 'Intro', route: '/docs/intro/' }], file, source);
    expect(run).toThrow(DocsgenError);
    expect(run).toThrow(/navbar item navbar\.items\[0\] .*"sidebarId":"nothing-here".*has no page to link to/);
  });

  // Every href the theme renders from the config gets the scheme check Markdown links get.
  it.each([
    [
      'a navbar link',
      "href: 'https://help.fixture.example' }",
      "href: 'javascript:alert(1)' }",
      'navbar.items[2].href',
      'javascript',
      14,
    ],
    [
      'a footer link',
      "href: 'https://fixture.example/privacy' }",
      "href: 'data:text/html,<script>alert(1)</script>' }",
      'footer.links[0].href',
      'data',
      19,
    ],
    [
      'the footer logo',
      "href: 'https://fixture.example' }",
      "href: 'vbscript:msgbox(1)' }",
      'footer.logo.href',
      'vbscript',
      20,
    ],
    [
      'the announcement',
      '  openapi:',
      "  announcementBar: { id: 'a', content: 'News', href: ' java\tscript:alert(1)' },\n  openapi:",
      'announcementBar.href',
      'javascript',
      25,
    ],
    [
      'the missing-results link',
      "missingResultsUrl: 'https://code.fixture.example/issues/new?title={query}'",
      "missingResultsUrl: 'data:text/html,x'",
      'search.missingResultsUrl',
      'data',
      24,
    ],
  ])('refuses an unsafe URL in %s, at its key', async (_name, from, to, keyPath, scheme, line) => {
    const file = await configWith((source) => source.replace(from, to));
    const error = await loadError(file);
    expect(error.message).toMatch(
      new RegExp(`^config ${keyPath.replace(/[.[\]]/g, '\\$&')}: unsafe link scheme "${scheme}:" in `),
    );
    expect(error.location?.line).toBe(line);
    const lineText = (await readFile(file, 'utf8')).split('\n')[line - 1];
    expect(lineText.slice((error.location?.column ?? 0) - 1)).toMatch(/^(href|help|missingResultsUrl):/);
  });

  // A path the theme puts under the site's own host must not be read by a browser as another host.
  it.each([
    ['baseUrl', '  openapi:', "  baseUrl: '//evil.example/',\n  openapi:"],
    ['baseUrl', '  openapi:', "  baseUrl: '/\\\\evil.example/',\n  openapi:"],
    ['baseUrl', '  openapi:', "  baseUrl: '/docs/../',\n  openapi:"],
    [
      'docs.changelogPath',
      "docs: { versionLabel: 'v1.0.0' }",
      "docs: { versionLabel: 'v1.0.0', changelogPath: '//evil.example/' }",
    ],
    [
      'docs.changelogPath',
      "docs: { versionLabel: 'v1.0.0' }",
      "docs: { versionLabel: 'v1.0.0', changelogPath: '/\\t/evil.example/' }",
    ],
    [
      'docs.changelogPath',
      "docs: { versionLabel: 'v1.0.0' }",
      "docs: { versionLabel: 'v1.0.0', changelogPath: 'javascript:alert(1)' }",
    ],
  ])('refuses %s that leaves the site (case %#)', async (keyPath, from, to) => {
    const error = await loadError(await configWith((source) => source.replace(from, to)));
    expect(error.message).toMatch(new RegExp(`^config ${keyPath.replace('.', '\\.')}: must be a path on this site`));
    expect(error.location?.line).toBeGreaterThan(1);
  });

  it('accepts a base path and a changelog path on the site', async () => {
    const file = await configWith((source) =>
      source
        .replace(
          "docs: { versionLabel: 'v1.0.0' }",
          "docs: { versionLabel: 'v1.0.0', changelogPath: '/docs/changelog/#v1' }",
        )
        .replace('  openapi:', "  baseUrl: '/acme/docs/',\n  openapi:"),
    );
    const { config } = await loadConfig(file);
    expect([config.baseUrl, config.docs.changelogPath]).toEqual(['/acme/docs/', '/docs/changelog/#v1']);
  });

  it('still accepts site paths, web, mail and phone links', async () => {
    const file = await configWith((source) =>
      source
        .replace("href: 'https://help.fixture.example' }", "href: '/docs/intro/' }")
        .replace("href: 'https://fixture.example/privacy' }", "href: 'mailto:privacy@fixture.example' }")
        .replace('  openapi:', "  announcementBar: { id: 'a', content: 'Call', href: 'tel:+15550100' },\n  openapi:"),
    );
    const { config } = await loadConfig(file);
    expect(config.navbar.items[2]).toMatchObject({ href: '/docs/intro/' });
    expect(config.announcementBar?.href).toBe('tel:+15550100');
  });
});
