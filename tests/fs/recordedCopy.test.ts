import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRecordedCopy, wholeMs } from '../../src/fs/recordedCopy.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('a copy a manifest recorded', () => {
  it('is the file of that size and whole-millisecond time, and nothing else', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-recorded-'));
    dirs.push(dir);
    const file = path.join(dir, 'index.html');
    await writeFile(file, 'kept');
    const { size, mtimeMs } = await stat(file);
    expect(isRecordedCopy(file, size, wholeMs(mtimeMs))).toBe(true);
    expect(isRecordedCopy(file, size + 1, wholeMs(mtimeMs))).toBe(false);
    expect(isRecordedCopy(file, size, wholeMs(mtimeMs) - 1)).toBe(false);
    expect(isRecordedCopy(dir, 4096, 0)).toBe(false);
    expect(isRecordedCopy(path.join(dir, 'gone.html'), size, wholeMs(mtimeMs))).toBe(false);
    // A damaged cache: a file where a folder belongs. statSync throws ENOTDIR even with throwIfNoEntry: false.
    expect(isRecordedCopy(path.join(file, 'below.html'), size, wholeMs(mtimeMs))).toBe(false);
  });
});
