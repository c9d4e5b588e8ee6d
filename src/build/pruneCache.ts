import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes cache folders of older engine fingerprints (keeping the newest `keep`), and scratch
 * folders of dev servers that are no longer running, so .docsgen-cache does not grow forever.
 */
export async function pruneCache(cacheRoot: string, keep = 2): Promise<void> {
  const entries = await readdir(cacheRoot, { withFileTypes: true }).catch(() => []);
  const fingerprints: { dir: string; mtime: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(cacheRoot, entry.name);
    const devPid = /^dev-(\d+)$/.exec(entry.name)?.[1];
    if (devPid) {
      if (!processIsAlive(Number(devPid))) await rm(dir, { recursive: true, force: true });
    } else {
      fingerprints.push({ dir, mtime: (await stat(dir)).mtimeMs });
    }
  }
  fingerprints.sort((a, b) => b.mtime - a.mtime);
  await Promise.all(fingerprints.slice(keep).map(({ dir }) => rm(dir, { recursive: true, force: true })));
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
