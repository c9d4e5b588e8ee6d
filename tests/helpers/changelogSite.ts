import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { versionChanges } from '../../src/apidiff/versionChanges.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { contentText, type RenderedRoute } from '../../src/pages/pageSource.ts';
import { siteRoutes, withRoutes } from '../../src/pages/siteRoutes.ts';
import { createRenderState } from '../../src/render/renderState.ts';
import { loadSite, type Site } from '../../src/site/site.ts';
import { withApiChanges } from '../../src/site/siteApiChanges.ts';
import { copyFixtureSite, projectRoot } from './fixtureSite.ts';

/** The fixture site's changelog page. */
export const changelogPath = '/docs/changelog/';

/**
 * A copy of the fixture site with two versions of its API: 1.0.0
 * (tests/fixtures/changelog/versioned_openapi/1.0.0/api.yaml) and the current 2.0.0
 * (openapi/api.yaml), which adds an operation (createThing), removes a property
 * (Thing.legacy_code), adds an enum value (Thing.status "deleted") and makes a parameter required
 * (listThings' limit); a changelog page with the writers' prose. The project folder is returned
 * for the caller to remove.
 */
export async function writeChangelogSite(): Promise<string> {
  const root = await copyFixtureSite();
  await cp(path.join(projectRoot, 'tests/fixtures/changelog'), root, { recursive: true });
  const config = path.join(root, 'docsgen.config.ts');
  await writeFile(
    config,
    (await readFile(config, 'utf8')).replace(
      "docs: { versionLabel: 'v1.0.0' }",
      `docs: { versionLabel: '2.0.0', changelogPath: '${changelogPath}' }`,
    ),
  );
  return root;
}

/** A site in memory, with a way to render one of its routes as a render thread would. */
export interface RenderedSite {
  site: Site;
  render(route: string): Promise<string>;
}

/**
 * The site of `root` with its versions' changes: with `versions` 'two', the two versions given
 * as the site's version list gives them (newest first); with 'one', the shipped site's one.
 */
export async function changelogSite(root: string, versions: 'one' | 'two'): Promise<RenderedSite> {
  const loaded = await loadSite(root);
  const assets = { css: '/assets/site.css', runtime: '/assets/runtime.js', headSnippet: '', contentSecurityPolicy: '' };
  const withChanges =
    versions === 'one'
      ? await withApiChanges(loaded)
      : {
          ...loaded,
          apiChanges: await versionChanges(root, [
            { label: '2.0.0', apiBase: '/api/', openApi: loaded.openApi },
            {
              label: '1.0.0',
              apiBase: '/api/1.0.0/',
              openApi: await loadOpenApi(path.join(root, 'versioned_openapi/1.0.0/api.yaml')),
            },
          ]),
        };
  const routes = siteRoutes({ ...withChanges, assets });
  const site = withRoutes({ ...withChanges, assets }, routes);
  return {
    site,
    async render(route) {
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
      return contentText(found!.content);
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
