import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

/**
 * A site that replaces the theme's footer with its own (config `components`), wrapping the
 * theme's: tests/fixtures/component-override. 45 docs pages, so the build renders on worker
 * threads too (src/build/renderPool.ts), each of which imports the component.
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
    const result = await docsgen(['build', '--quiet'], root);
    expect(result.code, result.stderr).toBe(0);
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
