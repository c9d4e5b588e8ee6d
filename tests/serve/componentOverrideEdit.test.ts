import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectHoldingEngine } from '../helpers/engineProject.ts';
import { interrupt, startServe } from '../helpers/cli.ts';

/**
 * `docsgen serve --watch` on a project that replaces the theme's footer (config `components`)
 * with one that imports a module of its own (theme/team.ts), and holds the engine (as this
 * repository does), so its theme can be edited too: tests/fixtures/component-override with the
 * engine's code copied in.
 */
let project: string;
let child: ChildProcess;
let url: string;
let output: () => string;

beforeAll(async () => {
  project = await projectHoldingEngine('docsgen-override-edit-', 'tests/fixtures/component-override');
  await mkdir(path.join(project, 'content/docs'), { recursive: true });
  await writeFile(path.join(project, 'content/docs/intro.md'), '# Intro\n\nHello.\n');
  ({ child, url, output } = await startServe(['--watch'], project, path.join(project, 'bin/docsgen.js')));
});

afterAll(async () => {
  if (child && child.exitCode === null) await interrupt(child);
  await rm(project, { recursive: true, force: true });
});

/** The override's line and the theme's footer it wraps, as the page is served now; else the server's last error. */
async function footer(): Promise<string | undefined> {
  const html = await (await fetch(`${url}/docs/intro/`)).text();
  const shown = /<p class="widget-footer">[^<]*<\/p><footer class="footer"><div class="footer__inner"><p [^>]*>/.exec(
    html,
  );
  return (
    shown?.[0] ??
    output()
      .split('\n')
      .findLast((line) => line.startsWith('error'))
  );
}

async function edit(file: string, from: string, to: string): Promise<void> {
  const absolute = path.join(project, file);
  const text = await readFile(absolute, 'utf8');
  expect(text).toContain(from);
  await writeFile(absolute, text.replace(from, to));
}

/** Waits until the page shows the override's `line` around the theme's footer (with `themeAttributes` on its copyright). */
const served = (line: string, themeAttributes = '') =>
  expect
    .poll(footer, { timeout: 120_000, interval: 100 })
    .toBe(
      `<p class="widget-footer">${line}</p><footer class="footer">` +
        `<div class="footer__inner"><p class="footer__copyright"${themeAttributes}>`,
    );

describe('editing a component override while docsgen serve --watch runs', () => {
  it("shows an edit to a file the override imports (the override's own helper)", async () => {
    await served('Made by the Widget team');
    await edit('theme/team.ts', 'the Widget team', 'the Gadget team');
    await served('Made by the Gadget team');
  });

  it('renders the override with the new theme after a theme edit, with one React, and then its own edits', async () => {
    // The theme's footer, which the override wraps, compiled again: the override (a hook in it) runs with the new React.
    await edit(
      'templates/Footer.tsx',
      '<p className="footer__copyright">',
      '<p className="footer__copyright" data-edited="1">',
    );
    await served('Made by the Gadget team', ' data-edited="1"');
    await edit('theme/Footer.tsx', 'Made by', 'Written by');
    await served('Written by the Gadget team', ' data-edited="1"');
    // Back as it was: a module the first engine had imported, now imported for the new one.
    await edit('theme/Footer.tsx', 'Written by', 'Made by');
    await served('Made by the Gadget team', ' data-edited="1"');
    expect(output()).not.toMatch(/threw|Invalid hook call/);
  });

  it('sees the fix of a file the override newly imports, whose first version did not compile', async () => {
    const since = path.join(project, 'theme/since.ts');
    await writeFile(since, "export const since = 'since 2020' +;\n");
    await edit(
      'theme/team.ts',
      "export const team = 'the Gadget team';",
      "import { since } from './since.ts';\nexport const team = `the Gadget team ${since}`;",
    );
    // The mistake is reported where it is; the server goes on with the components it had.
    await expect
      .poll(output, { timeout: 120_000, interval: 100 })
      .toMatch(/error: theme\/since\.ts:1:\d+: theme component could not be compiled/);
    await served('Made by the Gadget team', ' data-edited="1"');
    await writeFile(since, "export const since = 'since 2020';\n");
    await served('Made by the Gadget team since 2020', ' data-edited="1"');
    // Reported as a writer's mistake by the server, though the engine that found it was compiled after a theme edit.
    expect(output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });
});
