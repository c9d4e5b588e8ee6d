import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { processIsAlive } from '../fs/processIsAlive.ts';
import { devFolderPid } from './cachePaths.ts';

/**
 * Removes a dev server's scratch folder. A write still finishing inside it (the search index)
 * makes one pass of a recursive removal fail with ENOTEMPTY: Node's own retries settle it.
 */
export async function removeDevFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** Removes the scratch folders of dev servers whose process is gone (killed, crashed, or from before this fix). */
export async function removeStaleDevFolders(cacheRoot: string): Promise<void> {
  for (const entry of await readdir(cacheRoot, { withFileTypes: true }).catch(() => [])) {
    const pid = devFolderPid(entry.name);
    if (entry.isDirectory() && pid !== undefined && !processIsAlive(pid))
      await removeDevFolder(path.join(cacheRoot, entry.name));
  }
}
