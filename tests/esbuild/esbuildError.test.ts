import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { esbuildError } from '../../src/esbuild/esbuildError.ts';
import { DocsgenError } from '../../src/errors.ts';

/** What esbuild really throws building `source` as `entry.ts` in a fresh folder. */
async function failure(source: string, entry = 'entry.ts'): Promise<{ dir: string; error: unknown }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esbuild-error-'));
  await writeFile(path.join(dir, 'entry.ts'), source);
  const error = await build({ entryPoints: [entry], absWorkingDir: dir, write: false, logLevel: 'silent' }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { dir, error };
}

describe('esbuildError', () => {
  it("locates esbuild's first message in the file it names, column counted from 1, with the line", async () => {
    const { dir, error } = await failure('export const a = 1;\nexport const b = 2,,;\n');
    const located = esbuildError(error, 'config could not be compiled', { dir, file: path.join(dir, 'other.ts') });
    expect(located).toBeInstanceOf(DocsgenError);
    const { message, location } = located as DocsgenError;
    expect(message).toMatch(/^config could not be compiled: Expected identifier but found ","/);
    expect(location).toMatchObject({ file: path.join(dir, 'entry.ts'), line: 2, column: 20 });
    expect((located as DocsgenError).format(dir)).toContain('export const b = 2,,;');
  });

  it('puts a message that names no place at `file`, or at `dir` without one', async () => {
    // An entry point that is not there: esbuild's message has no location.
    const { dir, error: unplaced } = await failure('', 'missing.ts');
    expect(
      (esbuildError(unplaced, 'the theme could not be compiled', { dir, file: '/x/a.ts' }) as DocsgenError).location,
    ).toEqual({
      file: '/x/a.ts',
    });
    expect((esbuildError(unplaced, 'the theme could not be compiled', { dir }) as DocsgenError).location).toEqual({
      file: dir,
    });
  });

  it("lets anything that is not esbuild's build failure go on as it is", () => {
    const crash = new TypeError('engine bug');
    expect(esbuildError(crash, 'config could not be compiled', { dir: '/x' })).toBe(crash);
    expect(esbuildError(undefined, 'config could not be compiled', { dir: '/x' })).toBeUndefined();
  });
});
