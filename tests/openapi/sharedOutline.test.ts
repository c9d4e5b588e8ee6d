import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { routedSite } from '../helpers/routedSite.ts';
import { type RenderSite, type Site } from '../../src/site/site.ts';
import { apiSource } from '../../src/pages/apiSource.ts';
import { createRenderState } from '../../src/render/renderState.ts';
import { renderThreadData } from '../../src/build/renderPool.ts';
import { adoptOutlines } from '../../src/openapi/sharedOutline.ts';
import { contentText, loadedContent } from '../../src/write/renderedRoute.ts';

/** How many times the reference was built: its outline, or a page's part. */
const referencesBuilt = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/openapi/buildReference.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/openapi/buildReference.ts')>();
  return {
    ...original,
    buildApiReference: (...args: Parameters<typeof original.buildApiReference>) => {
      referencesBuilt.count++;
      return original.buildApiReference(...args);
    },
  };
});

/** How many times an operation's samples were made. */
const samplesMade = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/openapi/codeSamples.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/openapi/codeSamples.ts')>();
  return {
    ...original,
    codeSamplesMarkdown: (...args: Parameters<typeof original.codeSamplesMarkdown>) => {
      samplesMade.count++;
      return original.codeSamplesMarkdown(...args);
    },
  };
});

/**
 * The thread that plans a split reference's pages builds its outline (GitHub's: ~1 s CPU); a
 * render thread gets what the pages share from it, in the message it is started with, instead of
 * building the outline again. Here the message is cloned as a worker's `workerData` is.
 */
let root: string;
let site: Site;
beforeAll(async () => {
  root = await writeSplitApiSite();
  site = await routedSite(root);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** A page of the reference rendered in a thread started with `site`: its HTML, and how many references it built. */
async function renderedIn(
  thread: RenderSite,
  route: string,
): Promise<{ html: string; built: number; samples: number }> {
  const state = createRenderState(thread);
  const before = { built: referencesBuilt.count, samples: samplesMade.count };
  let html = '';
  await apiSource.render(thread, state, [route], undefined, async ({ content }) => {
    html = contentText(await loadedContent(content));
  });
  state.close();
  return { html, built: referencesBuilt.count - before.built, samples: samplesMade.count - before.samples };
}

describe("a split reference's outline", () => {
  it('is built once, where the pages are planned, and handed to the render threads', async () => {
    expect(site.apiPages.length).toBeGreaterThan(3);
    const data = structuredClone(renderThreadData(site, { outDir: root, readLinks: false }));
    expect(data.outlines).toHaveLength(1);
    adoptOutlines(data.outlines);
    const handed = await renderedIn(data.site, '/api/signers-1/');
    // The page's own part only.
    expect(handed.built).toBe(1);

    // A thread started without it builds the outline, and renders the same page.
    const { outlines: _outlines, site: alone } = structuredClone(
      renderThreadData(site, { outDir: root, readLinks: false }),
    );
    const built = await renderedIn(alone, '/api/signers-1/');
    expect(built.built).toBe(2);
    expect(handed.html).toContain('href="/api/schemas/#schema/');
    expect(handed.html).toBe(built.html);
  }, 60_000);

  it("hands the operations' samples made for it to the pages, which make none, unless they show other languages", async () => {
    const data = structuredClone(renderThreadData(site, { outDir: root, readLinks: false }));
    adoptOutlines(data.outlines);
    const handed = await renderedIn(data.site, '/api/signers-1/');
    expect(handed.html).toContain('data-label="curl"');
    expect(handed.samples).toBe(0);

    // Samples in other languages than the outline's are made for the page.
    const { outlines, site: thread } = structuredClone(renderThreadData(site, { outDir: root, readLinks: false }));
    adoptOutlines(outlines);
    const other = { ...thread, config: { ...thread.config, apiReference: { ...thread.config.apiReference } } };
    other.config.apiReference.sampleLanguages = ['python'];
    const python = await renderedIn(other, '/api/signers-1/');
    expect(python.samples).toBeGreaterThan(0);
    expect(python.html).toContain('data-label="Python"');
    expect(python.html).not.toContain('data-label="curl"');
  }, 60_000);
});
