import { describe, expect, it } from 'vitest';
import { packParts } from '../../../src/search/localIndex/packParts.ts';

const part = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('packParts', () => {
  it('fills each file up to the limit, in order, and says where every part went', () => {
    const { files, placed } = packParts([part(3, 1), part(4, 2), part(2, 3), part(5, 4)], 9);
    expect(files.map(({ bytes }) => [...bytes])).toEqual([
      [1, 1, 1, 2, 2, 2, 2, 3, 3],
      [4, 4, 4, 4, 4],
    ]);
    expect(files.map(({ parts }) => parts)).toEqual([3, 1]);
    expect(placed).toEqual([
      { file: 0, offset: 0, length: 3 },
      { file: 0, offset: 3, length: 4 },
      { file: 0, offset: 7, length: 2 },
      { file: 1, offset: 0, length: 5 },
    ]);
  });

  it('gives a part larger than the limit a file of its own, and makes no empty file', () => {
    const { files, placed } = packParts([part(2, 1), part(10, 2), part(1, 3)], 4);
    expect(files.map(({ bytes }) => bytes.length)).toEqual([2, 10, 1]);
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
    expect(files[0].bytes.length).toBe(10);
  });

  it('cuts every part back out of its file from where it was placed', () => {
    const parts = Array.from({ length: 20 }, (_, index) => part(1 + ((index * 7) % 5), index));
    const { files, placed } = packParts(parts, 8);
    for (const file of files) expect(file.bytes.length).toBeLessThanOrEqual(8);
    placed.forEach(({ file, offset, length }, index) =>
      expect([...files[file].bytes.subarray(offset, offset + length)]).toEqual([...parts[index]]),
    );
  });
});
