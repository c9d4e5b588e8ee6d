import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Deleting thousands of files makes creating files slow for a minute afterwards on an ext4 file
 * system without a journal (the bench machine's): each new inode is allocated past every inode
 * freed in the last 60 s (`recently_deleted` in fs/ext4/ialloc.c), so creating N files after
 * deleting M costs N × M lookups. A build after `rm -rf dist` spent 5 s of system time creating
 * 4,600 files and folders, against 0.15 s for the same files with no deletion before
 * (`perf record`: `find_inode_bit` → `recently_deleted`). Hugo's `--cleanDestinationDir` paid it
 * too. So the bench deletes nothing between measurements: every run writes to a path of its own,
 * and what it leaves is removed at the end (`removeLater`, `removeDeferred`).
 */
const deferred: string[] = [];

export function removeLater(path: string): void {
  deferred.push(path);
}

export async function removeDeferred(): Promise<void> {
  for (const path of deferred.splice(0)) await rm(path, { recursive: true, force: true });
}

/** Before the first measurement: what was deleted before the bench started (an earlier run's scratch) has aged out. */
export async function waitForQuietFileSystem(log: (line: string) => void): Promise<void> {
  const seconds = 61;
  log(`waiting ${seconds} s for files deleted before the bench to age out (see bench/fileSystemQuiet.ts)`);
  execFileSync('sync');
  await sleep(seconds * 1000);
}
