import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `dir` a folder, whatever the cache holds on its way: a file where a folder belongs
 * (`.docsgen-cache` or its fingerprint folder written over, ENOTDIR) is damage like any other,
 * a miss, so it is removed and the folders made afresh. Only what lies from `within` (inclusive)
 * down to `dir` is removed: the cache's own paths. The usual case costs one `mkdir -p`.
 */
export async function makeCacheFolder(dir: string, within = path.dirname(dir)): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    return;
  } catch (error) {
    if (!['ENOTDIR', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
  const steps = path
    .relative(within, dir)
    .split(path.sep)
    .filter((step) => step !== '');
  for (let depth = 0; depth <= steps.length; depth++) {
    const step = path.join(within, ...steps.slice(0, depth));
    const info = await stat(step).catch(() => undefined);
    if (info === undefined) break;
    if (!info.isDirectory()) {
      await rm(step, { recursive: true, force: true });
      break;
    }
  }
  await mkdir(dir, { recursive: true });
}
