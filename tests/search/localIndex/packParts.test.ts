import { describe, expect, it } from 'vitest';
import { packParts } from '../../../src/search/localIndex/packParts.ts';

const part = (length: number, fill: number) => new Uint8Array(length).fill(fill);
/** A packed file's bytes, its parts back to back. */
const bytesOf = (file: { parts: Uint8Array[] }) => Buffer.concat(file.parts);

describe('packParts', () => {
  it('fills each file up to the limit, in order, and says where every part went', () => {
    const { files, placed } = packParts([part(3, 1), part(4, 2), part(2, 3), part(5, 4)], 9);
    expect(files.map((file) => [...bytesOf(file)])).toEqual([
      [1, 1, 1, 2, 2, 2, 2, 3, 3],
      [4, 4, 4, 4, 4],
    ]);
    expect(files.map(({ parts }) => parts.length)).toEqual([3, 1]);
    expect(files.map(({ length }) => length)).toEqual([9, 5]);
    expect(placed).toEqual([
      { file: 0, offset: 0, length: 3 },
      { file: 0, offset: 3, length: 4 },
      { file: 0, offset: 7, length: 2 },
      { file: 1, offset: 0, length: 5 },
    ]);
  });

  it('gives a part larger than the limit a file of its own, and makes no empty file', () => {
    const { files, placed } = packParts([part(2, 1), part(10, 2), part(1, 3)], 4);
    expect(files.map(({ length }) => length)).toEqual([2, 10, 1]);
    expect(placed.map(({ file, offset }) => [file, offset])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(packParts([], 4)).toEqual({ files: [], placed: [] });
  });

  it('puts everything in one file when the limit is Infinity', () => {
    const { files } = packParts([part(5, 1), part(5, 2)], Infinity);
    expect(files).toHaveLength(1);
    expect(files[0].length).toBe(10);
  });

  it('cuts every part back out of its file from where it was placed', () => {
    const parts = Array.from({ length: 20 }, (_, index) => part(1 + ((index * 7) % 5), index));
    const { files, placed } = packParts(parts, 8);
    for (const file of files) expect(bytesOf(file).length).toBeLessThanOrEqual(8);
    placed.forEach(({ file, offset, length }, index) =>
      expect([...bytesOf(files[file]).subarray(offset, offset + length)]).toEqual([...parts[index]]),
    );
  });
});
