import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { resolveNavbarItems } from '../../src/build/siteData.ts';
import { DocsgenError } from '../../src/errors.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

async function configWith(edit: (source: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
  const source = (await readFile(path.join(projectRoot, 'tests/fixtures/site/docsgen.config.ts'), 'utf8')).replace(
    '../../../src/config/defineConfig.ts',
    path.join(projectRoot, 'src/config/defineConfig.ts'),
  );
  const file = path.join(dir, 'docsgen.config.ts');
  await writeFile(file, edit(source));
  return file;
}

async function loadError(file: string): Promise<DocsgenError> {
  const error = await loadConfig(file).then(() => undefined, (caught: unknown) => caught);
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
    expect(Object.values(config.externalUrls).every((url) => new URL(url).hostname.endsWith('.example'))).toBe(true);
  });

  it('reports a key of the wrong type by its path and where it is written', async () => {
    const file = await configWith((source) => source.replace("versionLabel: 'v1.0.0'", 'versionLabel: 100'));
    const error = await loadError(file);
    expect(error.message).toMatch(/^config docs\.versionLabel: .*expected string/);
    expect(error.location).toMatchObject({ file, line: 8 });
    expect(error.location?.column).toBeGreaterThan(1);
  });

  it('reports an unknown key', async () => {
    const error = await loadError(await configWith((source) => source.replace("tagline: '", "taglin: 'x', tagline: '")));
    expect(error.message).toBe('unknown config key taglin');
  });

  it('names a navbar item that cannot be rendered', async () => {
    const file = await configWith((source) => source.replace("{ type: 'search' }", "{ type: 'rocket', label: 'Go' }"));
    const error = await loadError(file);
    expect(error.message).toMatch(/^navbar item navbar\.items\[3\] cannot be rendered \(\{"type":"rocket","label":"Go"\}\)/);
    expect(error.location?.line).toBe(15);
  });

  it('reports a syntax error in the config with its position', async () => {
    const error = await loadError(await configWith((source) => source.replace("title: 'Fixture Docs',", "title: 'Fixture Docs',,")));
    expect(error.message).toMatch(/config could not be compiled/);
    expect(error.location?.line).toBe(4);
  });

  it('names a docs-sidebar navbar item whose sidebar has nothing to link to', async () => {
    const { config, file } = await loadConfig(await configWith((source) => source.replace("{ type: 'docSidebar', label: 'View Docs' }", "{ type: 'docSidebar', label: 'View Docs', sidebarId: 'nothing-here' }")));
    const source = await readFile(file, 'utf8');
    const run = () => resolveNavbarItems(config, [{ type: 'link', label: 'Intro', route: '/docs/intro/' }], file, source);
    expect(run).toThrow(DocsgenError);
    expect(run).toThrow(/navbar item navbar\.items\[0\] .*"sidebarId":"nothing-here".*has no page to link to/);
  });
});
