import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

/** Puts a slug into the first step's front matter (it lands on line 3, its value at column 7). */
const withSlug = (slug: string) => (project: string) =>
  edit(project, 'content/docs/guide/step.md', (s) =>
    s.replace('title: First step', `title: First step\nslug: ${slug}`),
  );

async function edit(project: string, file: string, change: (source: string) => string): Promise<void> {
  const target = path.join(project, file);
  await writeFile(target, change(await readFile(target, 'utf8')));
}

/** Adds a page under content/docs by its file name. */
const withPage = (name: string) => async (project: string) => {
  await mkdir(path.dirname(path.join(project, 'content/docs', name)), { recursive: true });
  await writeFile(path.join(project, 'content/docs', name), '---\ntitle: A page\n---\n\nText.\n');
};

const step = 'content/docs/guide/step.md';
const cases: [string, (project: string) => Promise<void>, RegExp][] = [
  [
    'a slug leading out of the output folder and the project',
    withSlug('/../../../owned/'),
    new RegExp(
      `${step}:3:7: slug "/\\.\\./\\.\\./\\.\\./owned/" cannot be a route: its segment "\\.\\." would be resolved away by browsers and file systems: the page would land elsewhere\\n    slug: /\\.\\./\\.\\./\\.\\./owned/$`,
    ),
  ],
  [
    'a slug leading onto a source file',
    withSlug('/../../content/docs/guide/'),
    new RegExp(`${step}:3:7: slug .* its segment "\\.\\." would be resolved away`),
  ],
  [
    'a slug taking the place of another page',
    withSlug('/./intro/'),
    new RegExp(`${step}:3:7: slug "/\\./intro/" cannot be a route: its segment "\\." would be resolved away`),
  ],
  [
    'a slug holding NUL',
    withSlug('"/a\\0b/"'),
    new RegExp(
      `${step}:3:7: slug "/a\\\\u0000b/" cannot be a route: its segment "a\\\\u0000b" holds the control character U\\+0000\\n    slug: "/a\\\\0b/"$`,
    ),
  ],
  [
    'a slug claiming the route of another page',
    withSlug('/intro'),
    new RegExp(
      `${step}:3:7: two pages claim the route /docs/intro/: intro\\.md and guide/step\\.md\\n    slug: /intro$`,
    ),
  ],
  [
    'a file named ..md (it would replace the docs index)',
    withPage('..md'),
    /content\/docs\/\.\.md:1:1: the path \.\.md cannot be a route: its segment "\." would be resolved away/,
  ],
  [
    'a file named a#b.md',
    withPage('a#b.md'),
    /content\/docs\/a#b\.md:1:1: the path a#b\.md cannot be a route: its segment "a#b" holds "#", which a URL cannot carry as it is \(it starts the fragment\); rename it, or give the page a `slug`$/,
  ],
  [
    'a file named a?b.md',
    withPage('a?b.md'),
    /a\?b\.md:1:1: the path a\?b\.md cannot be a route: its segment "a\?b" holds "\?", which a URL cannot carry as it is \(it starts the query\)/,
  ],
  [
    'a file named 50%.md',
    withPage('50%.md'),
    /50%\.md:1:1: the path 50%\.md cannot be a route: its segment "50%" holds "%", which a URL cannot carry as it is \(it starts an escape\)/,
  ],
  [
    'a file named a%2Fb.md',
    withPage('a%2Fb.md'),
    /a%2Fb\.md:1:1: the path a%2Fb\.md cannot be a route: its segment "a%2Fb" holds "%"/,
  ],
  [
    'a file named %2e%2e.md',
    withPage('%2e%2e.md'),
    /%2e%2e\.md:1:1: the path %2e%2e\.md cannot be a route: its segment "%2e%2e" holds "%"/,
  ],
  [
    'a link whose % starts no escape',
    (project) => edit(project, 'content/docs/intro.md', (s) => `${s}\nSee [the fifty](/docs/50%/).\n`),
    /intro\.md:17:5: broken link \(malformed percent-encoding\) to \/docs\/50%\/; did you mean \/docs\/50%25\/\?/,
  ],
];

/** Every file below `dir` but the caches' (a failed build still keeps what it compiled and rendered). */
async function snapshotOutsideCaches(dir: string): Promise<Map<string, string>> {
  return new Map([...(await snapshotDir(dir))].filter(([file]) => !/\.docsgen-cache|node_modules\/\.cache/.test(file)));
}

// Each case builds a project that sits in a scratch folder of its own, so that what a build
// writes outside the project (`/../../../owned/` reached the folder above it) is seen there.
let built: string;
const scratch: string[] = [];
beforeAll(async () => {
  built = await copyFixtureSite();
  scratch.push(built);
  const { code, stderr } = await docsgen(['build'], built);
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('a route that would leave its place or break its URL', () => {
  it.each(cases)('%s: one located error, exit 1, nothing written anywhere', async (_name, change, message) => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-route-'));
    scratch.push(parent);
    const project = path.join(parent, 'a', 'b', 'project');
    await cp(built, project, { recursive: true });
    await change(project);
    const before = await snapshotOutsideCaches(parent);
    const { code, stdout, stderr } = await docsgen(['build'], project);
    expect(stderr).toMatch(/^error: /);
    expect(stderr.split('\nThe previous output folder was left as it was.\n')[0]).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    // Progress lines come on a slow machine; nothing else may.
    expect(stdout.replace(/^Rendering .*\n/gm, '')).toBe('');
    expect(code).toBe(1);
    expect(await snapshotOutsideCaches(parent)).toEqual(before);
    expect((await readdir(project)).filter((name) => name.startsWith('.dist-'))).toEqual([]);
  });
});
