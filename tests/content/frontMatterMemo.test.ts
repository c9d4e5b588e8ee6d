import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverPages } from '../../src/content/discoverPages.ts';

let dir: string;
let docs: string;
let cacheDir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-front-matter-memo-'));
  docs = path.join(dir, 'docs');
  cacheDir = path.join(dir, 'cache');
  await mkdir(docs);
  await mkdir(cacheDir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = (frontMatter: string, body = '# Heading\n\nText.\n') => `---\n${frontMatter}\n---\n${body}`;

/** What a build reads of each page, without the parts that are objects of their own (warnings as their messages). */
async function read(variables: Map<string, string>) {
  const tree = await discoverPages(docs, variables, undefined, cacheDir);
  return tree.pages.map(({ relativePath, frontMatter, markdown, route, warnings }) => ({
    relativePath,
    frontMatter,
    markdown,
    route,
    warnings: warnings.map((warning) => warning.message),
  }));
}

/** The memo file of the docs folder (one a folder). */
async function memoFile(): Promise<string> {
  const names = (await readdir(cacheDir)).filter((name) => name.startsWith('front-matter-'));
  expect(names).toHaveLength(1);
  return path.join(cacheDir, names[0]);
}

describe("docs pages' front matter kept between builds", () => {
  it('gives what parsing gives, and is what the next read uses', async () => {
    const variables = new Map([['product', 'Acme']]);
    await writeFile(path.join(docs, 'a.md'), page('title: About {{product}}\nsidebar_position: 2\nslug: /about/'));
    await writeFile(path.join(docs, 'b.md'), page('description: "B"\nkeywords: [one, 2]', '\n\nBody of b.\n'));
    const first = await read(variables);
    const parsed = await discoverPages(docs, variables);
    expect(first).toEqual(
      parsed.pages.map(({ relativePath, frontMatter, markdown, route }) => ({
        relativePath,
        frontMatter,
        markdown,
        route,
        warnings: [],
      })),
    );
    // The kept head is what the next read takes: its front matter altered in the memo shows.
    const file = await memoFile();
    await writeFile(file, (await readFile(file, 'utf8')).replace('About Acme', 'Kept title'));
    const second = await read(variables);
    expect(second[0].frontMatter.title).toBe('Kept title');
    expect(second[1]).toEqual(first[1]);
  });

  it('is found by a copy of the project in another folder, its cache with it (a CI runner)', async () => {
    const variables = new Map([['product', 'Acme']]);
    await writeFile(path.join(docs, 'a.md'), page('title: About {{product}}'));
    await read(variables);
    const file = await memoFile();
    await writeFile(file, (await readFile(file, 'utf8')).replace('About Acme', 'Kept title'));
    const copy = path.join(dir, 'elsewhere');
    await cp(docs, path.join(copy, 'docs'), { recursive: true });
    await cp(cacheDir, path.join(copy, 'cache'), { recursive: true });
    const tree = await discoverPages(path.join(copy, 'docs'), variables, undefined, path.join(copy, 'cache'));
    expect(tree.pages[0].frontMatter.title).toBe('Kept title');
  });

  it('is not used once the variables changed', async () => {
    await writeFile(path.join(docs, 'a.md'), page('title: About {{product}}'));
    expect((await read(new Map([['product', 'Acme']])))[0].frontMatter.title).toBe('About Acme');
    expect((await read(new Map([['product', 'Zenith']])))[0].frontMatter.title).toBe('About Zenith');
  });

  it('keeps no head that gave a warning: the next build warns again', async () => {
    await writeFile(path.join(docs, 'a.md'), page('title: A\nsidebar_postion: 2'));
    const variables = new Map<string, string>();
    const first = await read(variables);
    expect(first[0].warnings).toEqual([expect.stringContaining('unknown front-matter key "sidebar_postion"')]);
    expect(await read(variables)).toEqual(first);
  });

  it('gives an edited page its new front matter and body', async () => {
    const variables = new Map<string, string>();
    await writeFile(path.join(docs, 'a.md'), page('title: Old', 'Old body.\n'));
    await read(variables);
    await writeFile(path.join(docs, 'a.md'), page('title: New', 'New body.\n'));
    const [edited] = await read(variables);
    expect(edited.frontMatter.title).toBe('New');
    expect(edited.markdown).toBe('\n\n\nNew body.\n');
  });
});
