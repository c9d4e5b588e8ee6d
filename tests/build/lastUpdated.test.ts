import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { commitAll, git } from '../helpers/gitRepo.ts';
import { interrupt, startServe } from '../helpers/cli.ts';
import { waitFor } from '../helpers/liveReloadEvents.ts';

const first = '2020-01-02T03:04:05Z';
const second = '2021-03-04T05:06:07Z';
const third = '2022-05-06T07:08:09Z';
const editUrl = 'https://code.fixture.example/docs/edit/main/';
let site: string;

/** The fixture site as a repository: everything committed on the first date, the guide's step again on the second. */
beforeAll(async () => {
  site = await copyFixtureSite();
  const config = path.join(site, 'docsgen.config.ts');
  await writeFile(
    config,
    (await readFile(config, 'utf8')).replace(
      "docs: { versionLabel: 'v1.0.0' }",
      `docs: { versionLabel: 'v1.0.0', editUrl: '${editUrl}' }`,
    ),
  );
  await git(site, ['init', '-q']);
  await writeFile(path.join(site, '.gitignore'), '.docsgen-cache/\ndist/\n');
  await commitAll(site, 'The fixture', first);
  const step = path.join(site, 'content/docs/guide/step.md');
  await writeFile(step, `${await readFile(step, 'utf8')}\nA second paragraph.\n`);
  await commitAll(site, 'A step further', second);
});

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

async function builtPage(route: string, log: string[] = []): Promise<string> {
  await build({ root: site, outDir: path.join(site, 'dist'), log: (line) => log.push(line) });
  return readFile(path.join(site, 'dist', route, 'index.html'), 'utf8');
}

const updated = (iso: string, text: string) =>
  `Last updated on <time dateTime="${new Date(iso).toISOString()}">${text}</time>`;

describe('last updated and edit link', { timeout: 120_000 }, () => {
  it('shows each page the date of its last commit and a link to edit its file, and says nothing more', async () => {
    const log: string[] = [];
    const intro = await builtPage('docs/intro', log);
    expect(intro).toContain(updated(first, 'Jan 2, 2020'));
    expect(intro).toContain(
      `<a class="doc-footer__edit" href="${editUrl}content/docs/intro.md" target="_blank" rel="noopener noreferrer">`,
    );
    const step = await readFile(path.join(site, 'dist/docs/guide/step/index.html'), 'utf8');
    expect(step).toContain(updated(second, 'Mar 4, 2021'));
    expect(log).toEqual([]);
  });

  it('renders a page again when a new commit dates it, though its text is the same as before (the date is in its cache key)', async () => {
    const intro = path.join(site, 'content/docs/intro.md');
    const text = await readFile(intro, 'utf8');
    await writeFile(intro, `${text}\nFor a moment.\n`);
    await commitAll(site, 'A passing change', second);
    await writeFile(intro, text);
    await commitAll(site, 'Back as it was', third);
    expect(await builtPage('docs/intro')).toContain(updated(third, 'May 6, 2022'));
  });

  it('dates a page no commit holds by its file, and the build says so once', async () => {
    const draft = path.join(site, 'content/docs/draft.md');
    await writeFile(draft, '# Draft\n\nNot committed yet.\n');
    const log: string[] = [];
    const html = await builtPage('docs/draft', log);
    const mtime = new Date(Math.floor((await stat(draft)).mtimeMs));
    expect(html).toContain(`<time dateTime="${mtime.toISOString()}">`);
    expect(log.filter((line) => line.includes('last-updated'))).toEqual([
      "warning: the last-updated dates of 1 page no commit holds yet are their files' modification times (content/docs/draft.md)",
    ]);
    await rm(draft);
  });
});

describe('the dev server', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) await interrupt(child);
  });

  it('shows the dates too, a page added while it runs dated by its file', { timeout: 120_000 }, async () => {
    const served = await startServe(['--watch'], site);
    child = served.child;
    expect(await (await fetch(`${served.url}/docs/guide/step/`)).text()).toContain(updated(second, 'Mar 4, 2021'));
    const added = path.join(site, 'content/docs/added.md');
    await writeFile(added, '# Added\n\nWritten while the server runs.\n');
    const mtime = new Date(Math.floor((await stat(added)).mtimeMs));
    await waitFor(async () => (await fetch(`${served.url}/docs/added/`)).status === 200, 20_000);
    expect(await (await fetch(`${served.url}/docs/added/`)).text()).toContain(
      `<time dateTime="${mtime.toISOString()}">`,
    );
  });
});
