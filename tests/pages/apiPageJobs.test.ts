import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { routedSite } from '../helpers/routedSite.ts';
import { type Site } from '../../src/site/site.ts';
import { siteRoutes } from '../../src/pages/siteRoutes.ts';
import { apiSource } from '../../src/pages/apiSource.ts';
import { createRenderState } from '../../src/render/renderState.ts';

/**
 * A split reference's pages are built one by one: a thread (or the dev server, on a request)
 * renders the page asked for, not the whole reference. GitHub's 1,223 operations took ~30 s in
 * one job before, whichever page was asked for.
 */
let root: string;
let site: Site;
beforeAll(async () => {
  root = await writeSplitApiSite();
  site = await routedSite(root);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the pages of a split reference', () => {
  it('are jobs of their own', () => {
    const pages = site.apiPages.map((page) => page.route);
    const routes = siteRoutes(site)
      .filter((route) => route.source === apiSource)
      .map(({ route }) => route);
    const jobs = apiSource.jobs!(site, routes);
    for (const page of pages) expect(jobs).toContainEqual([page]);
  });

  it("render their own operations' Markdown and no other page's", async () => {
    const state = createRenderState(site);
    const rendered: string[] = [];
    const renderMarkdown = state.renderMarkdown;
    state.renderMarkdown = (markdown, ...rest) => (rendered.push(markdown), renderMarkdown(markdown, ...rest));
    const emitted: string[] = [];
    await apiSource.render(site, state, ['/api/signers-1/'], undefined, async ({ route }) => {
      emitted.push(route);
    });
    expect(emitted).toEqual(['/api/signers-1/']);
    // The page's samples name its own path; the other tags' paths and the introduction are not rendered.
    expect(rendered.some((markdown) => markdown.includes('/signers/'))).toBe(true);
    expect(rendered.filter((markdown) => /\/things\/|\/transfers\/|large enough to be split/.test(markdown))).toEqual(
      [],
    );
    state.close();
  }, 60_000);
});
