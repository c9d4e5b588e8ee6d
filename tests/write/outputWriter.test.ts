import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutputWriter } from '../../src/write/outputWriter.ts';
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
