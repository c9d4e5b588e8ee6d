import { statSync } from 'node:fs';

/** A file's modification time as a cache's manifest records it: whole milliseconds (JSON keeps them exactly). */
export const wholeMs = (mtimeMs: number) => Math.floor(mtimeMs);

/**
 * Whether `file` is still the copy a manifest recorded: a file of that size, modified at that
 * whole millisecond. A copy that is gone, or a path through a file where a folder belongs (a
 * damaged cache: `statSync` throws ENOTDIR even with `throwIfNoEntry: false`), is not: the
 * caller makes what it held again.
 */
export function isRecordedCopy(file: string, size: number, mtimeMs: number): boolean {
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    return !!info && info.isFile() && info.size === size && wholeMs(info.mtimeMs) === mtimeMs;
  } catch {
    return false;
  }
}
