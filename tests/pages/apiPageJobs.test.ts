import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { routedSite } from '../helpers/routedSite.ts';
import { addConfigOptions, copyFixtureSite } from '../helpers/fixtureSite.ts';
import { type Site } from '../../src/site/site.ts';
import { siteRoutes } from '../../src/pages/siteRoutes.ts';
import { apiSource, failedPagesReported, spreadAboveOperations } from '../../src/pages/apiSource.ts';
import { createRenderState } from '../../src/render/renderState.ts';
import { twinRoute } from '../../src/llms/llmsTxt.ts';
import { docsgen } from '../helpers/cli.ts';
import type { DocsgenError } from '../../src/errors.ts';

/**
 * A split reference's pages are built one by one: a thread (or the dev server, on a request)
 * renders the page asked for, not the whole reference. GitHub's 1,223 operations took ~30 s in
 * one job before, whichever page was asked for. A small reference's pages are one job, so that
 * one thread renders them all, as it would the one page.
 */
let root: string;
let site: Site;
beforeAll(async () => {
  root = await writeSplitApiSite();
  site = await routedSite(root);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const jobsOf = (site: Site) =>
  apiSource.jobs!(
    site,
    siteRoutes(site)
      .filter((route) => route.source === apiSource)
      .map(({ route }) => route),
  );

describe('the pages of a split reference', () => {
  it('are one job when the reference has few operations: a second thread would cost more than it saves', () => {
    // Each page with its Markdown twin, made in the page's job from the same model.
    expect(jobsOf(site)).toContainEqual(site.apiPages.flatMap((page) => [page.route, twinRoute(page.route)]));
  });

  it(`are jobs of their own from ${spreadAboveOperations} operations`, async () => {
    const large = await copyFixtureSite();
    try {
      await addConfigOptions(large, 'apiReference: { splitAbove: 2 },');
      const paths = Array.from(
        { length: spreadAboveOperations },
        (_, index) =>
          `  /r${index}:\n    get:\n      operationId: op${index}\n      tags: [${index % 2 ? 'odd' : 'even'}]\n      responses: { '200': { description: OK } }\n`,
      ).join('');
      await writeFile(
        path.join(large, 'openapi/api.yaml'),
        `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n${paths}`,
      );
      const split = await routedSite(large);
      const jobs = jobsOf(split);
      expect(split.apiPages.length).toBeGreaterThan(2);
      for (const page of split.apiPages) expect(jobs).toContainEqual([page.route, twinRoute(page.route)]);
    } finally {
      await rm(large, { recursive: true, force: true });
    }
  }, 60_000);

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

  it("report the mistake of each page that has one, not only the first page's", async () => {
    const wrong = await writeSplitApiSite();
    try {
      const description = path.join(wrong, 'openapi/api.yaml');
      const unsafe = (summary: string, text: string) => (source: string) =>
        source.replace(
          `summary: ${summary}`,
          `summary: ${summary}\n      description: '[${text}](javascript:alert(1))'`,
        );
      const source = [unsafe('List things', 'things'), unsafe('List transfers', 'transfers')].reduce(
        (text, plant) => plant(text),
        await readFile(description, 'utf8'),
      );
      await writeFile(description, source);
      const { code, stderr } = await docsgen(['build'], wrong);
      expect(code).toBe(1);
      // One job renders the three tag pages; each page's mistake is located in the description.
      const reported = [...stderr.matchAll(/openapi\/api\.yaml:(\d+):\d+: .*javascript/g)].map(([, line]) =>
        Number(line),
      );
      const lineOf = (text: string) => source.split('\n').findIndex((line) => line.includes(`[${text}]`)) + 1;
      expect(reported).toEqual([lineOf('things'), lineOf('transfers')]);
    } finally {
      await rm(wrong, { recursive: true, force: true });
    }
  }, 120_000);

  it(`stop after ${failedPagesReported} pages with a mistake: the build fails whatever the rest holds`, async () => {
    const wrong = await copyFixtureSite();
    try {
      await addConfigOptions(wrong, 'apiReference: { splitAbove: 2 },');
      const paths = Array.from(
        { length: 2 * (failedPagesReported + 2) },
        (_, index) =>
          `  /r${index}:\n    get:\n      operationId: op${index}\n      tags: [t${index >> 1}]\n      description: '[r${index}](javascript:alert(${index}))'\n      responses: { '200': { description: OK } }\n`,
      ).join('');
      await writeFile(
        path.join(wrong, 'openapi/api.yaml'),
        `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n${paths}`,
      );
      const split = await routedSite(wrong);
      const state = createRenderState(split);
      const failures: DocsgenError[] = [];
      const tagPages = split.apiPages.filter((page) => page.kind === 'tag').map((page) => page.route);
      expect(tagPages).toHaveLength(failedPagesReported + 2);
      await apiSource.render(
        split,
        state,
        tagPages,
        undefined,
        async () => {},
        (error) => failures.push(error),
      );
      state.close();
      expect(failures.map((error) => error.message)).toHaveLength(failedPagesReported);
    } finally {
      await rm(wrong, { recursive: true, force: true });
    }
  }, 120_000);
});
