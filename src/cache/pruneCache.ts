import { readdirSync, statSync, type Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { filesAtOnce } from '../fs/filesAtOnce.ts';
import { compactPacks } from './packStore.ts';
import { removeStaleDevFolders } from './devFolders.ts';

/**
 * The cache's size bound by default (`DOCSGEN_CACHE_MAX_MB` sets another): above what a
 * 10,000-page site keeps (about 1.5 GB), since a bound below the working set would evict
 * entries the next build needs (a 1 GB bound made the 10,000-page warm build three times slower).
 */
export const defaultCacheLimitBytes = 8 * 2 ** 30;

/**
 * Keeps .docsgen-cache from growing without end: removes the folders of older engine
 * fingerprints (keeping the newest `keep`), dev servers' scratch folders whose process is gone,
 * with `since` (the build's start) the entries of the current fingerprint that the build neither
 * wrote nor used, once they are most of its packs (compactPacks), and, when what is left adds up
 * to more than `limitBytes`, the oldest packs and files until it is back under (an entry removed
 * is a miss, rendered again when needed). Returns the size the cache is left at, which the build reports.
 */
export async function pruneCache(
  cacheRoot: string,
  current: string,
  {
    keep = 2,
    limitBytes = cacheLimit(),
    since,
    known,
  }: { keep?: number; limitBytes?: number; since?: number; known?: KnownFiles } = {},
): Promise<number> {
  await removeStaleDevFolders(cacheRoot);
  const entries = await readdir(cacheRoot, { withFileTypes: true }).catch(() => []);
  const fingerprints: { dir: string; mtime: number }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^[0-9a-f]{16}$/.test(entry.name)) continue;
    const dir = path.join(cacheRoot, entry.name);
    fingerprints.push({ dir, mtime: (await stat(dir)).mtimeMs });
  }
  fingerprints.sort((a, b) => b.mtime - a.mtime);
  const old = fingerprints.filter(({ dir }) => dir !== current).slice(Math.max(0, keep - 1));
  await pMap(old, ({ dir }) => rm(dir, { recursive: true, force: true }), { concurrency: filesAtOnce });
  if (since !== undefined) {
    for (const entry of await readdir(current, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await compactPacks(path.join(current, entry.name), since);
    }
  }
  return boundSize(current, limitBytes, known);
}

/**
 * A folder of the cache whose files the caller knows, with each one's size and modification time
 * by its path (the kept output's manifest, src/write/keptOutput.ts, written just before): the
 * folder is neither listed nor its files asked of the file system again (1,000 varied pages: a
 * walk of 1,000 folders, ~4,000 calls). A file there that the manifest lost track of (a kill
 * between a link and the manifest) is counted again once it is kept again or the manifest goes.
 */
export interface KnownFiles {
  folder: string;
  files: ReadonlyMap<string, { size: number; mtimeMs: number }>;
}

function cacheLimit(): number {
  const megabytes = Number(process.env.DOCSGEN_CACHE_MAX_MB);
  return Number.isFinite(megabytes) && megabytes > 0 ? megabytes * 2 ** 20 : defaultCacheLimitBytes;
}

/**
 * Removes the oldest files of `dir` while it is over `limitBytes`; returns its size after. The
 * files `known` lists (by path) are taken as it says, the others as the file system does.
 */
async function boundSize(dir: string, limitBytes: number, known?: KnownFiles): Promise<number> {
  const files: { file: string; size: number; mtime: number }[] = [];
  for (const [file, { size, mtimeMs }] of known?.files ?? []) files.push({ file, size, mtime: mtimeMs });
  // Synchronous: a folder's listing and a file's stat through libuv's pool, and their promises, cost
  // ~100 ms of a build's CPU at 1,000 pages (3,130 entries, most of them the kept output), ~35 ms so.
  for (const entry of listing(dir, known?.folder)) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = fileInfo(file);
    if (info) files.push({ file, size: info.size, mtime: info.mtimeMs });
  }
  let total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= limitBytes) return total;
  // The kept search index and the assets are rewritten whole; entries go one by one, oldest first.
  for (const file of files.sort((a, b) => a.mtime - b.mtime)) {
    if (total <= limitBytes) break;
    await rm(file.file, { force: true });
    total -= file.size;
  }
  return total;
}

/** Every entry below `dir`, but what lies in its folder `skipped`. */
function listing(dir: string, skipped?: string): Dirent[] {
  const entries = readFolder(dir, false);
  return entries.flatMap((entry) => {
    if (!entry.isDirectory()) return [entry];
    const folder = path.join(dir, entry.name);
    return folder === skipped ? [] : [entry, ...readFolder(folder, true)];
  });
}

/** A listed file's stat, or nothing when it went meanwhile (or a folder on its way became a file: ENOTDIR). */
function fileInfo(file: string) {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function readFolder(dir: string, recursive: boolean): Dirent[] {
  try {
    return readdirSync(dir, { recursive, withFileTypes: true });
  } catch {
    return [];
  }
}
