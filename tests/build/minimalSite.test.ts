import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsgen } from '../helpers/cli.ts';

/**
 * A site as small as a config can be: a title, a URL and two docs pages. No OpenAPI file, no
 * content/home.md, no announcement, footer, logo or navbar items.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-minimal-'));
  const files: Record<string, string> = {
    'docsgen.config.ts':
      "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Widget Docs', url: 'https://docs.widget.example' });\n",
    'content/docs/intro.md':
      '---\ndescription: What Widget is.\n---\n\n# Introduction\n\nWidget does things. See [the guide](./guides/first.md).\n',
    'content/docs/guides/first.md': '# First guide\n\nStep one.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a docs-only site from a minimal config', () => {
  it('builds, with a plain index for its home page and no API reference', async () => {
    const result = await docsgen(['build', '--quiet'], root);
    expect(result.code, result.stderr).toBe(0);
    const home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
    expect(home).toContain('<h1 class="hero__title">Widget Docs</h1>');
    expect(home).toMatch(
      /<a class="button button--primary button--lg" href="\/docs\/guides\/first\/">Get started<\/a>/,
    );
    // A card per top entry of the sidebar, with its page's description when it has one.
    expect(
      [...home.matchAll(/<a class="card" href="([^"]+)"><h2 class="card__title">([^<]+)<\/h2>/g)].map((match) => [
        match[1],
        match[2],
      ]),
    ).toEqual([
      ['/docs/guides/first/', 'Guides'],
      ['/docs/intro/', 'Introduction'],
    ]);
    expect(home).toContain('<p class="card__text">What Widget is.</p>');
    expect(home).not.toContain('class="hero__sample');
    expect(home).not.toContain('<footer');
    expect(existsSync(path.join(root, 'dist/api'))).toBe(false);
    const navbar = /<nav class="navbar"[\s\S]*?<\/nav>/.exec(home)![0];
    expect(navbar).not.toContain('<img');
    expect(navbar).toContain('>Docs<');
  });

  it('passes the link check', async () => {
    const result = await docsgen(['check-links'], root);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
