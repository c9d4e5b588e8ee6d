import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { clockSlackMs, keptCompile, type KeptCompileRequest } from '../../src/esbuild/keptCompile.ts';

/** A project folder holding `entry.ts`, which exports `text`. */
async function project(text: string): Promise<{ dir: string; entry: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-kept-compile-'));
  const entry = path.join(dir, 'entry.ts');
  await writeFile(entry, `export const text: string = '${text}';\n`);
  return { dir, entry };
}

const request = (dir: string, entry: string, plugins: Plugin[] = []): KeptCompileRequest => ({
  cacheDir: path.join(dir, 'node_modules/.cache/docsgen'),
  name: 'entry',
  slot: entry,
  options: { entryPoints: [entry], absWorkingDir: dir, plugins },
  failure: { what: 'entry could not be compiled', file: entry },
});

const exported = async (file: string) => ((await import(pathToFileURL(file).href)) as { text: string }).text;

describe('keptCompile', () => {
  it('keeps a compile while the files it read are unchanged, and compiles again when one changes', async () => {
    const { dir, entry } = await project('first');
    let loads = 0;
    const counted: Plugin = {
      name: 'counted',
      setup(build) {
        build.onLoad({ filter: /entry\.ts$/ }, async (args) => {
          loads++;
          return { contents: await readFile(args.path, 'utf8'), loader: 'ts' };
        });
      },
    };
    // A file saved within clockSlackMs of a compile may have been saved during it, and is not kept.
    await sleep(clockSlackMs + 50);
    const first = await keptCompile(request(dir, entry, [counted]));
    expect(await exported(first.file)).toBe('first');
    expect(first.inputs).toEqual([entry]);
    expect(await keptCompile(request(dir, entry, [counted]))).toMatchObject({ file: first.file, inputs: [entry] });
    expect(loads).toBe(1);
    await writeFile(entry, "export const text: string = 'second';\n");
    expect(await exported((await keptCompile(request(dir, entry, [counted]))).file)).toBe('second');
    expect(loads).toBe(2);
  });

  it('compiles again after a compile during which a file it read was saved (the dev server met a save mid-compile)', async () => {
    const { dir, entry } = await project('before the save');
    // The save lands after esbuild has read the file and before the compile ends: what was
    // compiled is the old text, and the file now holds the new.
    let saved = false;
    const saveWhileCompiling: Plugin = {
      name: 'save-while-compiling',
      setup(build) {
        build.onLoad({ filter: /entry\.ts$/ }, async (args) => {
          const contents = await readFile(args.path, 'utf8');
          if (!saved) {
            saved = true;
            await writeFile(args.path, "export const text: string = 'after the save';\n");
          }
          return { contents, loader: 'ts' };
        });
      },
    };
    const during = await keptCompile(request(dir, entry, [saveWhileCompiling]));
    expect(await exported(during.file)).toBe('before the save');
    // The next load must read the saved text, not keep the compile of the text before it.
    const next = await keptCompile(request(dir, entry, [saveWhileCompiling]));
    expect(await exported(next.file)).toBe('after the save');
  });
});
