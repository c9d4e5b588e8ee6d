import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { renderPage, renderPagePieces } from '../../src/render/renderPage.ts';
import { pageIdsIn } from '../../src/model/pageOutput.ts';
import { piecesBytes } from '../../src/write/renderedRoute.ts';
import { SectionsPage, sectionsComponents } from '../helpers/sectionsPage.tsx';
import { DocPage } from '../../templates/DocPage.tsx';
import { DocsgenError } from '../../src/errors.ts';
import type { DocData, PageData } from '../../src/model/pageData.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

/** A page whose shell has no site: the layout throws reading it. */
const broken = { site: null, assets: null, head: { title: 'x' }, route: '/docs/broken/' } as unknown as PageData;
const doc = { toc: [] } as unknown as DocData;
const from = { route: '/docs/broken/', file: '/site/content/docs/broken.md' };

function thrown(render: () => unknown): DocsgenError {
  try {
    render();
  } catch (error) {
    return error as DocsgenError;
  }
  throw new Error('the template did not throw');
}

const bundleDir = path.join(projectRoot, 'node_modules', '.cache', `docsgen-test-templates-${process.pid}`);
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

describe('a template that throws', () => {
  it('is reported at the line of the template that threw, naming the page it was rendering', () => {
    const error = thrown(() => renderPage(DocPage, { page: broken, doc }, from));
    expect(error).toBeInstanceOf(DocsgenError);
    expect(error.message).toMatch(
      /^template threw while rendering \/docs\/broken\/ \(\/site\/content\/docs\/broken\.md\): /,
    );
    expect(error.location?.file).toMatch(/[/\\]templates[/\\]\w+\.tsx$/);
    expect(error.location?.line).toBeGreaterThan(1);
    expect(error.location?.column).toBeGreaterThan(0);
  });

  it('is found in the theme from the compiled engine, through the source maps beside its chunks', async () => {
    // The theme compiled the way bin/compileEngine.js compiles the engine: chunks with linked maps.
    await mkdir(bundleDir, { recursive: true });
    await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: { theme: path.join(projectRoot, 'templates/DocPage.tsx') },
      outdir: bundleDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      jsx: 'automatic',
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    });
    const compiled = (await import(pathToFileURL(path.join(bundleDir, 'theme.mjs')).href)) as {
      DocPage: typeof DocPage;
    };
    const fromSource = thrown(() => renderPage(DocPage, { page: broken, doc }, from));
    const fromBundle = thrown(() => renderPage(compiled.DocPage, { page: broken, doc }, from));
    expect(fromBundle.location).toEqual(fromSource.location);
  });
});

describe('a page rendered in pieces', () => {
  const from = { route: '/sections/' };
  const components = sectionsComponents;

  it('is, joined, the page rendered whole: the same bytes, the same ids', () => {
    const names = ['first', 'second', 'third'];
    const whole = renderPage(SectionsPage, { names }, from, { components });
    const pieces = renderPagePieces(SectionsPage, { names }, from, { components });
    expect(pieces.length).toBe(2 * names.length + 1);
    expect(pieces.join('')).toBe(whole);
    // Each piece with the project's components and its apostrophes written plain, a script's kept.
    expect(whole).toContain("<a>second's previous (the project's)</a>");
    expect(whole).toContain("<p>Inside third's</p>");
    expect(whole).toContain("var s = 'third&#x27;';");
    expect(pageIdsIn(pieces)).toEqual(pageIdsIn(whole));
    expect(Buffer.from(piecesBytes(pieces)).toString('utf8')).toBe(whole);
  });

  it('is one piece when nothing is put apart', () => {
    expect(renderPagePieces(SectionsPage, { names: [] }, from)).toEqual([
      renderPage(SectionsPage, { names: [] }, from),
    ]);
  });
});
