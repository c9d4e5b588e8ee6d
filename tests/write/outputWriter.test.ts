import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutputWriter } from '../../src/write/outputWriter.ts';
import { contentDigest, keepOutput, readKeptOutput } from '../../src/write/keptOutput.ts';
import { DocsgenError } from '../../src/errors.ts';

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the output writer', () => {
  it('writes below its folder', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writer-'));
    scratch.push(parent);
    const writer = createOutputWriter(path.join(parent, 'out'));
    await writer.write('docs/a/index.html', 'a');
    await writer.write('/sitemap.xml', 's');
    expect(await readFile(path.join(parent, 'out/docs/a/index.html'), 'utf8')).toBe('a');
    expect(await readFile(path.join(parent, 'out/sitemap.xml'), 'utf8')).toBe('s');
  });

  it('writes text in parts as the parts joined, and names it by the same digest', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writer-'));
    scratch.push(parent);
    // Parts of every size about the writer's 256 KB buffer, two-byte and astral text among them.
    const parts = [
      '# Title\n',
      'é'.repeat(40_000),
      'x'.repeat(87_382),
      '😀'.repeat(30_000),
      'y'.repeat(300_000),
      '\n',
      '',
    ];
    for (let index = 0; index < 40; index++) parts.push(`part ${index} — ${'z'.repeat(index * 997)}\n`);
    const joined = parts.join('');
    const writer = createOutputWriter(path.join(parent, 'out'), { dir: path.join(parent, 'kept'), files: {} });
    const written = await writer.write('llms-full.txt', { parts });
    expect(await readFile(path.join(parent, 'out/llms-full.txt'), 'utf8')).toBe(joined);
    expect(written).toEqual({ file: 'llms-full.txt', digest: contentDigest(joined), linked: false });
    await createOutputWriter(path.join(parent, 'plain')).write('a.txt', { parts });
    expect(await readFile(path.join(parent, 'plain/a.txt'), 'utf8')).toBe(joined);
  });

  it('links a file made from what its kept copy was made from without making it, and makes one made from other things', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writer-'));
    scratch.push(parent);
    const cacheDir = path.join(parent, 'cache');
    const first = createOutputWriter(path.join(parent, 'first'), await readKeptOutput(cacheDir));
    const files = [await first.write('docs/a/index.md', async () => '# A\n', undefined, 'made-from-a')];
    await keepOutput(
      cacheDir,
      path.join(parent, 'first'),
      files.flatMap((file) => file ?? []),
      { dir: '', files: {} },
    );

    const kept = await readKeptOutput(cacheDir);
    const made: string[] = [];
    const content = (text: string) => async () => {
      made.push(text);
      return text;
    };
    const second = createOutputWriter(path.join(parent, 'second'), kept);
    expect(await second.write('docs/a/index.md', content('# A\n'), undefined, 'made-from-a')).toEqual({
      file: 'docs/a/index.md',
      digest: contentDigest('# A\n'),
      linked: true,
      madeFrom: 'made-from-a',
    });
    expect(made).toEqual([]);
    const linked = path.join(parent, 'second/docs/a/index.md');
    expect((await stat(linked)).ino).toBe((await stat(path.join(kept.dir, 'docs/a/index.md'))).ino);

    // Made from something else: made, digested, and written as made.
    expect(await second.write('docs/a/index.md', content('# A, edited\n'), undefined, 'made-from-a2')).toMatchObject({
      digest: contentDigest('# A, edited\n'),
      linked: false,
    });
    expect(made).toEqual(['# A, edited\n']);
  });

  it('copies the parts of text in parts its kept copy holds under the same keys, and makes only the others', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writer-'));
    scratch.push(parent);
    const cacheDir = path.join(parent, 'cache');
    const made: string[] = [];
    // llms-full.txt's shape: a head, then each page's line and its twin, made on demand and keyed by what it is made from.
    const twins = (texts: Record<string, string>) => {
      const parts: (string | (() => string))[] = ['# Head\n'];
      const keys = ['# Head\n'];
      for (const [page, text] of Object.entries(texts)) {
        parts.push(`\n<!-- ${page} -->\n`, () => (made.push(page), text));
        keys.push(`\n<!-- ${page} -->\n`, `key of ${text}`);
      }
      return {
        parts,
        keys,
        joined: ['# Head\n', ...Object.entries(texts).map(([p, t]) => `\n<!-- ${p} -->\n${t}`)].join(''),
      };
    };
    const build = async (out: string, texts: Record<string, string>) => {
      const { parts, keys, joined } = twins(texts);
      made.length = 0;
      const kept = await readKeptOutput(cacheDir);
      const written = await createOutputWriter(path.join(parent, out), kept).write('llms-full.txt', {
        parts,
        keys: () => keys,
      });
      await keepOutput(cacheDir, path.join(parent, out), [written!], kept);
      expect(await readFile(path.join(parent, out, 'llms-full.txt'), 'utf8')).toBe(joined);
      expect(written!.digest).toBe(contentDigest(joined));
      return written!;
    };
    const pages = { a: 'é'.repeat(100_000), b: 'b'.repeat(300_000), c: '😀 c\n', d: 'd\n' };
    expect((await build('one', pages)).linked).toBe(false);
    expect(made).toEqual(['a', 'b', 'c', 'd']);
    // Nothing changed: linked, nothing made.
    expect((await build('two', pages)).linked).toBe(true);
    expect(made).toEqual([]);
    // One twin changed, one page gone, one new: only those made; the others copied from the kept file.
    expect((await build('three', { a: pages.a, c: 'c, edited\n', d: pages.d, e: 'ë\n' })).linked).toBe(false);
    expect(made).toEqual(['c', 'e']);
    // The kept copy cut short (its time kept): its parts are not trusted, every part made.
    await build('four', { a: pages.a, c: 'c, edited\n', d: 'd, edited\n', e: 'ë\n' });
    expect(made).toEqual(['d']);
    const copy = path.join((await readKeptOutput(cacheDir)).dir, 'llms-full.txt');
    const { mtime } = await stat(copy);
    await writeFile(copy, 'short');
    await utimes(copy, mtime, mtime);
    await build('five', { a: pages.a, c: 'c, edited\n', d: pages.d, e: 'ë\n' });
    expect(made).toEqual(['a', 'c', 'd', 'e']);
  });

  // The second line of defence: routes are checked where they are read, and a path that got past
  // that (a page source with a route of its own making) still does not leave the folder.
  it.each(['docs/../../owned/index.html', '../owned/index.html', '/docs/../..', 'docs/..', 'docs/a\0b/index.html'])(
    'refuses %j, writing nothing',
    async (file) => {
      const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-writer-'));
      scratch.push(parent);
      const writer = createOutputWriter(path.join(parent, 'out'));
      const error = await writer.write(file, 'x').then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(DocsgenError);
      expect((error as DocsgenError).message).toBe(
        `refused to write ${JSON.stringify(file)}: the path leads outside the output folder`,
      );
      expect(await readdir(parent)).toEqual([]);
    },
  );
});
