import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import { runVersion } from '../../src/cli/version.ts';
import { contentText, loadedContent, type RenderedRoute } from '../../src/write/renderedRoute.ts';
import { siteRoutes, withRoutes } from '../../src/pages/siteRoutes.ts';
import { createRenderState } from '../../src/render/renderState.ts';
import { loadSite, type Site } from '../../src/site/site.ts';
import { testAssets } from './routedSite.ts';
import { withApiChanges } from '../../src/site/siteApiChanges.ts';
import { copyFixtureSite, projectRoot } from './fixtureSite.ts';

/** The fixture site's changelog page. */
export const changelogPath = '/docs/changelog/';

/**
 * A copy of the fixture site with a changelog page, its API at 1.0.0
 * (tests/fixtures/changelog/old-api.yaml); with `versions` 'two', 1.0.0 is cut as a version
 * (`docsgen version 1.0.0`) and the current version, 2.0.0, has new-api.yaml, which adds an
 * operation (createThing), removes a property (Thing.legacy_code), adds an enum value
 * (Thing.status "deleted") and makes a parameter required (listThings' limit). The project
 * folder is returned for the caller to remove.
 */
export async function writeChangelogSite(versions: 'one' | 'two'): Promise<string> {
  const root = await copyFixtureSite();
  const fixture = path.join(projectRoot, 'tests/fixtures/changelog');
  await cp(path.join(fixture, 'content'), path.join(root, 'content'), { recursive: true });
  await cp(path.join(fixture, 'old-api.yaml'), path.join(root, 'openapi/api.yaml'));
  const config = path.join(root, 'docsgen.config.ts');
  const source = await readFile(config, 'utf8');
  const configured = (label: string) =>
    source.replace(
      "docs: { versionLabel: 'v1.0.0' }",
      `docs: { versionLabel: '${label}', changelogPath: '${changelogPath}' }`,
    );
  await writeFile(config, configured('1.0.0'));
  if (versions === 'two') {
    await runVersion({ root, label: '1.0.0', configFile: 'docsgen.config.ts' });
    await cp(path.join(fixture, 'new-api.yaml'), path.join(root, 'openapi/api.yaml'));
    await writeFile(config, configured('2.0.0'));
  }
  return root;
}

/** A site in memory, with a way to render one of its routes as a render thread would. */
export interface RenderedSite {
  site: Site;
  render(route: string): Promise<string>;
  /** The route as a render thread emits it: its content and its output (records, links). */
  rendered(route: string): Promise<RenderedRoute>;
}

/** The site of `root` as the build resolves it (its assets aside), with a way to render a route. */
export async function changelogSite(root: string): Promise<RenderedSite> {
  const loaded = await withApiChanges(await loadSite(root), undefined);
  const routes = siteRoutes({ ...loaded, assets: testAssets });
  const site = withRoutes({ ...loaded, assets: testAssets }, routes);
  const rendered = async (route: string): Promise<RenderedRoute> => {
    const entry = routes.find((candidate) => candidate.route === route);
    if (!entry) throw new Error(`no route ${route}`);
    let found: RenderedRoute | undefined;
    await entry.source.render(
      site,
      createRenderState({}),
      [route],
      entry.source.inputs?.(site, [route]),
      async (rendered) => {
        if (rendered.route === route) found = rendered;
      },
    );
    return found!;
  };
  return {
    site,
    rendered,
    async render(route) {
      return contentText(await loadedContent((await rendered(route)).content));
    },
  };
}

/** The text of some HTML, tags stripped and quotes decoded. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The two changelog sites of a test file, written before its tests and removed after them:
 * `two` (1.0.0 cut as a version, 2.0.0 current) and `one` (1.0.0 alone). Read them inside tests.
 */
export function changelogSites(): { two: RenderedSite; one: RenderedSite } {
  const sites = {} as { two: RenderedSite; one: RenderedSite };
  let roots: string[] = [];
  beforeAll(async () => {
    roots = await Promise.all([writeChangelogSite('two'), writeChangelogSite('one')]);
    [sites.two, sites.one] = await Promise.all(roots.map(changelogSite));
  });
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
  return sites;
}
