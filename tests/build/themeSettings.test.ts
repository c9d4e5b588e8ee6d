import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';

/** A small site that sets the theme from its config: brand colours, fonts, favicon, its own stylesheet. */
let root: string;
const config = (theme: string) =>
  `import { defineConfig } from 'docsgen';\n\nexport default defineConfig({\n  title: 'Widget Docs',\n  url: 'https://docs.widget.example',\n  theme: ${theme},\n});\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-theme-'));
  const files: Record<string, string> = {
    'docsgen.config.ts': config(
      "{ primaryColor: '#0b6e4f', primaryColorDark: '#7fe0b8', font: \"'Inter', system-ui, sans-serif\", favicon: '/brand/icon.png', customCss: 'styles/brand.css' }",
    ),
    'content/docs/intro.md': '# Introduction\n\nHello.\n',
    'styles/brand.css': '.navbar__title { letter-spacing: 0.02em; }\n',
    'public/brand/icon.png': 'not really a PNG',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('theme settings in the config', () => {
  it('sets the brand colours, fonts, favicon and the project stylesheet on every page', async () => {
    const result = await docsgen(['build', '--quiet'], root);
    expect(result.code, result.stderr).toBe(0);
    for (const page of ['index.html', 'docs/intro/index.html']) {
      const html = await readFile(path.join(root, 'dist', page), 'utf8');
      expect(html).toContain('<meta name="theme-color" content="#0b6e4f"/>');
      expect(html).toContain('<link rel="icon" href="/brand/icon.png" type="image/png"/>');
      const style = /<style>([^<]*)<\/style>/.exec(html)![1];
      expect(style).toContain(':root { --color-primary: #0b6e4f;');
      expect(style).toContain("--font-body: 'Inter', system-ui, sans-serif");
      expect(style).toContain("[data-theme='dark'] { --color-primary: #7fe0b8;");
      // The project's stylesheet comes after the theme's, so its rules win.
      const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
      expect(sheets).toHaveLength(2);
      expect(sheets[1]).toMatch(/^\/assets\/custom-[0-9a-f]{8}\.css$/);
      expect(await readFile(path.join(root, 'dist', sheets[1]), 'utf8')).toContain('.navbar__title');
    }
    const check = await docsgen(['check-links'], root);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it('serve --watch publishes the project stylesheet again when it is saved', async () => {
    const server = await startServe(['--watch'], root);
    try {
      const stylesheet = async () => {
        const html = await (await fetch(`${server.url}/docs/intro/`)).text();
        const href = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)][1]?.[1];
        return href && (await (await fetch(`${server.url}${href}`)).text());
      };
      expect(await stylesheet()).toContain('letter-spacing: 0.02em');
      await writeFile(path.join(root, 'styles/brand.css'), '.navbar__title { letter-spacing: 0.1em; }\n');
      await expect.poll(stylesheet, { timeout: 60_000, interval: 200 }).toContain('letter-spacing: 0.1em');
    } finally {
      await interrupt(server.child);
    }
  }, 120_000);

  it('refuses a colour or font that is not one, and files that are not there, all in one run', async () => {
    await writeFile(
      path.join(root, 'docsgen.config.ts'),
      config(
        "{ primaryColor: 'red; } body { display: none', font: 'x</style><script>', favicon: '/gone.svg', customCss: 'gone.css' }",
      ),
    );
    const result = await docsgen(['build', '--quiet'], root);
    expect(result.code).toBe(1);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error: '));
    expect(errors.map((line) => /config (theme\.\w+)/.exec(line)?.[1])).toEqual([
      'theme.primaryColor',
      'theme.font',
      'theme.favicon',
      'theme.customCss',
    ]);
  });
});
