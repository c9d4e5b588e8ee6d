import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceAside, writeAside } from '../../src/fs/writeAside.ts';

const folder = () => mkdtemp(path.join(tmpdir(), 'write-aside-'));

describe('writeAside', () => {
  it('replaces the file whole, and leaves nothing beside it', async () => {
    const dir = await folder();
    const file = path.join(dir, 'manifest.json');
    await writeFile(file, 'old');
    await writeAside(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    await writeAside(file, new Uint8Array([104, 105]));
    expect(await readFile(file, 'utf8')).toBe('hi');
    expect(await readdir(dir)).toEqual(['manifest.json']);
  });

  it('writes beside the file: until the rename, a reader finds the old file whole', async () => {
    const dir = await folder();
    const file = path.join(dir, 'index.pack');
    await writeFile(file, 'old');
    let seenWhileWriting = '';
    await replaceAside(file, async (temporary) => {
      expect(path.dirname(temporary)).toBe(dir);
      expect(temporary).not.toBe(file);
      await writeFile(temporary, 'half');
      seenWhileWriting = await readFile(file, 'utf8');
      await writeFile(temporary, ' and the rest', { flag: 'a' });
    });
    expect(seenWhileWriting).toBe('old');
    expect(await readFile(file, 'utf8')).toBe('half and the rest');
  });

  it('removes a folder where the file belongs (a damaged cache)', async () => {
    const dir = await folder();
    const file = path.join(dir, 'config.mjs');
    await mkdir(path.join(file, 'inside'), { recursive: true });
    await writeAside(file, 'export {};');
    expect(await readFile(file, 'utf8')).toBe('export {};');
  });

  it('leaves the file as it was when writing fails', async () => {
    const dir = await folder();
    const file = path.join(dir, 'versions.json');
    await writeFile(file, '[]');
    await expect(
      replaceAside(file, () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await readFile(file, 'utf8')).toBe('[]');
  });
});
