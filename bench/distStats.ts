import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a built `dist/` weighs on a host: files, bytes, the largest file, and where the files are. */
export interface DistStats {
  files: number;
  bytes: number;
  largest: { file: string; bytes: number };
  /** Files per top-level folder (`docs`, `search`, `assets`, …; `.` for the root's own files). */
  filesByFolder: Record<string, number>;
}

/** Walks a built output folder and counts what a static host would be asked to serve. */
export async function distStats(dir: string): Promise<DistStats> {
  const stats: DistStats = { files: 0, bytes: 0, largest: { file: '', bytes: 0 }, filesByFolder: {} };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size } = await stat(file);
    const relative = path.relative(dir, file);
    const folder = relative.includes(path.sep) ? relative.split(path.sep)[0] : '.';
    stats.files++;
    stats.bytes += size;
    stats.filesByFolder[folder] = (stats.filesByFolder[folder] ?? 0) + 1;
    if (size > stats.largest.bytes) stats.largest = { file: relative, bytes: size };
  }
  return stats;
}
