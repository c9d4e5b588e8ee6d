import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cliPath,
  docsgen,
  interrupt,
  recordingImports,
  renderWorkerModule,
  startServe,
  withRenderWorker,
} from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { loadSite } from '../../src/site/site.ts';
import { clockSlackMs } from '../../src/esbuild/keptCompile.ts';

/** esbuild's compiles in this process (the config's and the components'), counted. */
const esbuildBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof import('esbuild')>();
  return {
    ...esbuild,
    build: (options: Parameters<typeof esbuild.build>[0]) => {
      esbuildBuilds.count++;
      return esbuild.build(options);
    },
  };
});

/**
 * A site that replaces the theme's footer with its own (config `components`), wrapping the
 * theme's: tests/fixtures/component-override. 45 docs pages, built with a render worker beside the
 * build's thread (src/build/renderPool.ts; asked for, as 2 cores start none), which imports the component too.
 */
let root: string;
const pages = Array.from({ length: 45 }, (_, index) => `page-${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-components-'));
  await cp(path.join(projectRoot, 'tests/fixtures/component-override'), root, { recursive: true });
  await mkdir(path.join(root, 'content/docs'), { recursive: true });
  for (const page of pages)
    await writeFile(path.join(root, 'content/docs', `${page}.md`), `# Page ${page}\n\nText of ${page}.\n`);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const footerOf = (html: string) => /<p class="widget-footer">([^<]*)<\/p><footer class="footer">/.exec(html)?.[1];

describe('component overrides (config components)', () => {
  it("renders the project's footer, around the theme's, on every page", async () => {
    const record = path.join(root, 'imports.txt');
    await writeFile(record, '');
    const result = await docsgen(['build', '--quiet'], root, cliPath, {
      ...withRenderWorker,
      ...recordingImports(record),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(record, 'utf8')).toMatch(renderWorkerModule);
    for (const page of [
      'index.html',
      '404.html',
      'search/index.html',
      ...pages.map((name) => `docs/${name}/index.html`),
    ]) {
      const html = await readFile(path.join(root, 'dist', page), 'utf8');
      expect(footerOf(html), page).toBe('Made by the Widget team');
      // The theme's footer, which the project's wraps, with the config's copyright.
      expect(html, page).toContain('<p class="footer__copyright">Copyright Widget Inc.</p>');
    }
  });

  it('serve --watch renders the edited component', async () => {
    const server = await startServe(['--watch'], root);
    try {
      const footer = async () => footerOf(await (await fetch(`${server.url}/docs/page-01/`)).text());
      expect(await footer()).toBe('Made by the Widget team');
      const file = path.join(root, 'theme/Footer.tsx');
      await writeFile(file, (await readFile(file, 'utf8')).replace('Made by', 'Written by'));
      await expect.poll(footer, { timeout: 60_000, interval: 200 }).toBe('Written by the Widget team');
    } finally {
      await interrupt(server.child);
    }
  }, 120_000);

  it('compiles the components again only when a file they were compiled from changed, not at every start', async () => {
    const site = await mkdtemp(path.join(os.tmpdir(), 'docsgen-components-kept-'));
    try {
      await cp(path.join(projectRoot, 'tests/fixtures/component-override'), site, { recursive: true });
      await mkdir(path.join(site, 'content/docs'), { recursive: true });
      await writeFile(path.join(site, 'content/docs/intro.md'), '# Intro\n\nHello.\n');
      // Files saved just now may have been saved during a compile, which is then not kept (keptCompile.ts).
      await new Promise((resolve) => setTimeout(resolve, clockSlackMs + 50));
      /** One start's site, and the compiles it took. */
      const start = async () => {
        const before = esbuildBuilds.count;
        const loaded = await loadSite(site);
        return { loaded, compiles: esbuildBuilds.count - before };
      };
      const first = await start();
      // The config, then the components.
      expect(first.compiles).toBe(2);
      const second = await start();
      expect(second.compiles).toBe(0);
      expect(second.loaded.components).toBe(first.loaded.components);

      const helper = path.join(site, 'theme/team.ts');
      expect(first.loaded.compiledFrom).toEqual(
        expect.arrayContaining([path.join(site, 'docsgen.config.ts'), path.join(site, 'theme/Footer.tsx'), helper]),
      );

      // A file the footer imports changed: the components alone compile again.
      await writeFile(helper, (await readFile(helper, 'utf8')).replace('the Widget team', 'the Gadget team'));
      const third = await start();
      expect(third.compiles).toBe(1);
      expect(third.loaded.components).not.toBe(first.loaded.components);
      expect(await readFile(third.loaded.components!, 'utf8')).toContain('the Gadget team');
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('refuses an unknown component, a missing file and a file without a component, each located', async () => {
    const config = path.join(root, 'docsgen.config.ts');
    const text = await readFile(config, 'utf8');
    await writeFile(path.join(root, 'theme/Notes.tsx'), 'export const notes = 1;\n');
    try {
      await writeFile(
        config,
        text.replace(
          "components: { Footer: './theme/Footer.tsx' }",
          "components: {\n    Foter: './theme/Footer.tsx',\n    DocFooter: './theme/Gone.tsx',\n  }",
        ),
      );
      const result = await docsgen(['build', '--quiet'], root);
      expect(result.code).toBe(1);
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors).toEqual([
        expect.stringMatching(
          /^error: docsgen\.config\.ts:8:5: unknown config key components\.Foter \(did you mean components\.Footer\?\); the keys here are AnnouncementBar, Breadcrumbs, DocFooter, Footer, PrevNextLinks$/,
        ),
        expect.stringMatching(
          /^error: docsgen\.config\.ts:9:5: config components\.DocFooter: there is no file .*Gone\.tsx$/,
        ),
      ]);

      await writeFile(config, text.replace("Footer: './theme/Footer.tsx'", "Footer: './theme/Notes.tsx'"));
      const noComponent = await docsgen(['build', '--quiet'], root);
      expect(noComponent.code).toBe(1);
      expect(noComponent.stderr).toMatch(
        /error: docsgen\.config\.ts:7:17: config components\.Footer: \.\/theme\/Notes\.tsx exports no component/,
      );
    } finally {
      await writeFile(config, text);
    }
  });
});
