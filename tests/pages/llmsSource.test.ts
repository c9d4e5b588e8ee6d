import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConfigOptions, copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';

/** The AI-ready files (src/pages/llmsSource.ts): one page source, in the build and in the dev server alike. */
let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
  const result = await docsgen(['build'], site);
  expect(result.code, result.stderr).toBe(0);
});
afterAll(() => rm(site, { recursive: true, force: true }));

const built = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');

describe('llms.txt, llms-full.txt and Markdown twins in the build', () => {
  it('lists every docs page, linked to its twin, with its description, and the API reference', async () => {
    const text = await built('llms.txt');
    expect(text.startsWith('# Fixture Docs\n\n> A small site the tests build.\n')).toBe(true);
    expect(text).toContain('- [Introduction](https://docs.fixture.example/docs/intro/index.md): What the fixture is.');
    expect(text).toMatch(/\n## .+\n\n- \[[^\]]+\]\(https:\/\/docs\.fixture\.example\/docs\/guide\/index\.md\)/);
    expect(text).toContain('](https://docs.fixture.example/api/index.md)');
  });

  it('writes each page’s twin beside it, variables resolved and links absolute, announced in the page’s head', async () => {
    const twin = await built('docs/intro/index.md');
    expect(twin).toMatch(
      /^# Introduction\n\nThe Fixture fixture\. Continue with \[the guide\]\(https:\/\/docs\.fixture\.example\/docs\/guide\/\)/,
    );
    expect(twin).not.toContain('sidebar_position');
    const html = await built('docs/intro/index.html');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/docs/intro/index.md"/>');
    expect(html).toContain('data-markdown="/docs/intro/index.md"');
  });

  it('puts every page in llms-full.txt in reading order, and none of the files in the sitemap', async () => {
    const full = await built('llms-full.txt');
    const order = [...full.matchAll(/<!-- https:\/\/docs\.fixture\.example(\/[^ ]*) -->/g)].map((match) => match[1]);
    const routes = JSON.parse(await built('routes.json')).routes as string[];
    expect(order.length).toBe(routes.filter((route) => route.startsWith('/docs/')).length);
    expect(order[0]).toBe('/docs/intro/');
    expect(await built('sitemap.xml')).not.toMatch(/llms|index\.md/);
  });
});

// Off by the config, or left unset on a site of more docs pages than markdownTwinsUpToPages (the build then says so).
describe.each([
  { options: 'markdownTwins: false,', note: false },
  { options: 'markdownTwinsUpToPages: 2,', note: true },
])('a site with markdownTwins off ($options)', ({ options, note }) => {
  let bare: string;
  let stderr: string;
  beforeAll(async () => {
    bare = await copyFixtureSite();
    await addConfigOptions(bare, options);
    const result = await docsgen(['build'], bare);
    expect(result.code, result.stderr).toBe(0);
    stderr = result.stderr;
  });
  afterAll(() => rm(bare, { recursive: true, force: true }));

  it('writes no twin, announces none and offers no Markdown actions, and llms.txt lists the pages themselves', async () => {
    const files = await readdir(path.join(bare, 'dist'), { recursive: true });
    expect(files.filter((file) => file.endsWith('index.md'))).toEqual([]);
    expect(files.filter((file) => file.endsWith('index.html')).length).toBeGreaterThan(5);
    const html = await readFile(path.join(bare, 'dist/docs/intro/index.html'), 'utf8');
    expect(html).not.toContain('text/markdown');
    expect(html).not.toContain('View as Markdown');
    expect(html).not.toContain('data-markdown');
    const text = await readFile(path.join(bare, 'dist/llms.txt'), 'utf8');
    expect(text).toContain('- [Introduction](https://docs.fixture.example/docs/intro/): What the fixture is.');
    expect(text).not.toContain('index.md');
    expect(await readFile(path.join(bare, 'dist/llms-full.txt'), 'utf8')).toContain('# Introduction');
  });

  it(
    note ? 'says why there are no twins and how to write them' : 'says nothing of twins it was told to leave out',
    () => {
      const said =
        /note: no Markdown twins \(index\.md\) for the ([\d,]+) docs pages, over markdownTwinsUpToPages \(2\): llms\.txt links the pages and llms-full holds their Markdown; markdownTwins: true in the config writes them\n/.exec(
          stderr,
        );
      if (!note) return expect(stderr).not.toMatch(/twins/i);
      expect(Number(said?.[1])).toBeGreaterThan(2);
    },
  );
});

describe('a site whose full text is over the largest file its hosts accept', () => {
  let small: string;
  const maxFileBytes = 500;
  beforeAll(async () => {
    small = await copyFixtureSite();
    await addConfigOptions(small, `deploy: { maxFileBytes: ${maxFileBytes} },`);
    const result = await docsgen(['build'], small);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => rm(small, { recursive: true, force: true }));
  const read = (file: string) => readFile(path.join(small, 'dist', file), 'utf8');

  it('splits llms-full.txt into files under the limit, listed in llms-full.txt and named in llms.txt', async () => {
    const index = await read('llms-full.txt');
    const parts = [
      ...index.matchAll(/^- \[Part \d+\]\(https:\/\/docs\.fixture\.example(\/llms-full-\d+\.txt)\)/gm),
    ].map((match) => match[1]);
    expect(parts.length).toBeGreaterThan(1);
    expect(index).toContain(`so it is in ${parts.length} files, in reading order:`);
    expect(await read('llms.txt')).toContain(
      `https://docs.fixture.example/llms-full.txt lists the ${parts.length} files that have them all, in reading order.`,
    );
    // Together, every page in reading order, as one file would have held them; each file under the limit.
    const texts = await Promise.all(parts.map((part) => read(part.slice(1))));
    for (const text of texts) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxFileBytes);
    const order = texts.flatMap((text) =>
      [...text.matchAll(/<!-- https:\/\/docs\.fixture\.example(\/[^ ]*) -->/g)].map((match) => match[1]),
    );
    const routes = JSON.parse(await read('routes.json')).routes as string[];
    expect(order.length).toBe(routes.filter((route) => route.startsWith('/docs/')).length);
    expect(order[0]).toBe('/docs/intro/');
    expect(new Set(order).size).toBe(order.length);
  });
});

describe('llms files in docsgen serve --watch', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    ({ child, url } = await startServe(['--watch'], site));
  });
  afterAll(async () => {
    if (child.exitCode === null) await interrupt(child);
  });

  it('serves them with their types, and renders them again on save', async () => {
    const twin = await fetch(`${url}/docs/intro/index.md`);
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await twin.text()).toBe(await built('docs/intro/index.md'));
    const index = await fetch(`${url}/llms.txt`);
    expect(index.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await index.text()).toBe(await built('llms.txt'));
    // The API reference's twin, rendered by the reference's source as the build's is.
    const apiTwin = await fetch(`${url}/api/index.md`);
    expect(apiTwin.status).toBe(200);
    expect(apiTwin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await apiTwin.text()).toBe(await built('api/index.md'));

    const file = path.join(site, 'content/docs/intro.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Text.', 'Freshly saved text.'));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [again, full] = await Promise.all([
        fetch(`${url}/docs/intro/index.md`).then((r) => r.text()),
        fetch(`${url}/llms-full.txt`).then((r) => r.text()),
      ]);
      if (again.includes('Freshly saved text.') && full.includes('Freshly saved text.')) break;
      if (Date.now() > deadline) throw new Error('the twin was not rendered again after the save');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
