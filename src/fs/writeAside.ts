import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Makes `file` by writing it beside (`write` is handed the temporary name) and renaming it into
 * place, over whatever is there: a reader (another build, a dev server's browser, a cache lookup)
 * never sees half a file. A folder where the file belongs (EISDIR: a damaged cache) is removed
 * rather than failing every build.
 */
export async function replaceAside(file: string, write: (temporary: string) => unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await write(temporary);
  try {
    await rename(temporary, file);
  } catch (error) {
    if (!['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
      throw error;
    await rm(file, { recursive: true, force: true });
    await rename(temporary, file);
  }
}

/** Writes `content` as `file`, beside and renamed into place (replaceAside). */
export const writeAside = (file: string, content: string | Uint8Array): Promise<void> =>
  replaceAside(file, (temporary) => writeFile(temporary, content));
