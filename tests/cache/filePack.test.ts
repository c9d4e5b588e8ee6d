import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packPieces, unpackFiles, writePackAside } from '../../src/cache/filePack.ts';

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const files = () =>
  new Map<string, string | Uint8Array>([
    ['v.json', '{"terms":["a"]}'],
    ['p0.bin', new Uint8Array([1, 2, 3, 250])],
    // A view into a larger buffer: only its own bytes are packed.
    ['r0.bin', Buffer.from('xxhello, packyy').subarray(2, 13)],
  ]);

describe('a pack of files', () => {
  it('is written in pieces and read back whole, its digest the joined payload’s', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-pack-'));
    scratch.push(dir);
    const file = path.join(dir, 'index.files');
    await writePackAside(file, files(), { base: '/search/index/abc/' });
    const bytes = await readFile(file);
    expect(bytes.equals(Buffer.concat(packPieces(files(), { base: '/search/index/abc/' })))).toBe(true);
    const unpacked = unpackFiles<{ base: string }>(bytes)!;
    expect(unpacked.meta).toEqual({ base: '/search/index/abc/' });
    expect([...unpacked.files].map(([name, content]) => [name, content.toString('latin1')])).toEqual([
      ['v.json', '{"terms":["a"]}'],
      ['p0.bin', Buffer.from([1, 2, 3, 250]).toString('latin1')],
      ['r0.bin', 'hello, pack'],
    ]);
  });

  it('is a miss once a byte of it changed', async () => {
    const bytes = Buffer.concat(packPieces(files(), null));
    expect(unpackFiles(bytes)).toBeDefined();
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 1] ^= 1;
    expect(unpackFiles(damaged)).toBeUndefined();
  });
});
