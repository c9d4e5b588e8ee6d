import { copyFileSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeAside } from '../fs/writeAside.ts';
import { isRecordedCopy, wholeMs } from '../fs/recordedCopy.ts';
import { chunkLocations, type LocalIndexManifest, type RecordChunksManifest } from './localIndex/indexFormat.ts';
import type { CompressedChunks } from './localIndex/recordChunks.ts';
import type { KeptBytes } from './localIndex/fileParts.ts';

/**
 * The search index of the last build, kept in the cache as hard links to the files it published
 * (no second copy on the disk, as the pages' files: src/write/keptOutput.ts), with a manifest of
 * what it is. A build whose pages' records are all the same links the whole index into its output
 * (nothing read, nothing written); one with a page edited copies the compressed chunks of the pages
 * that did not change from the kept record files. Its files were a pack of the same bytes (5 MB
 * at 1,000 varied pages, written again each build a page changed) beside a pack of the compressed
 * chunks (4 MB, the record files' bytes again, rewritten when one chunk changed).
 *
 * A kept file is used only while its size and modification time are the manifest's: a file of
 * `dist/` edited in place is the kept one too (one inode), and the index is built afresh.
 */
export interface KeptIndex {
  /** The folder of the kept files. */
  dir: string;
  /** What names the index (writeSearchIndex's indexDigest); none for record chunks alone (a hosted index). */
  key?: string;
  manifest: RecordChunksManifest | LocalIndexManifest;
  /** Each record chunk's digest, in the order of the record files (chunkLocations). */
  chunks: string[];
  /** Each file: its name, size and modification time (whole ms). */
  files: [name: string, size: number, mtimeMs: number][];
}

const keptDir = (cacheDir: string) => path.join(cacheDir, 'search-index');
const manifestFile = (cacheDir: string) => path.join(cacheDir, 'search-index.json');

/** A modification time to the millisecond, as a copy of the cache keeps it (keptOutput.ts). */

/** The last build's kept index; undefined when there is none or its manifest is damaged. */
export async function readKeptIndex(cacheDir: string): Promise<KeptIndex | undefined> {
  const kept = await readFile(manifestFile(cacheDir), 'utf8')
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
  return isKept(kept) ? { ...kept, dir: keptDir(cacheDir) } : undefined;
}

function isKept(value: unknown): value is Omit<KeptIndex, 'dir'> {
  if (typeof value !== 'object' || value === null) return false;
  const { key, manifest, chunks, files } = value as Partial<KeptIndex>;
  return (
    (key === undefined || typeof key === 'string') &&
    typeof manifest === 'object' &&
    manifest !== null &&
    typeof manifest.base === 'string' &&
    Array.isArray(manifest.chunkBytes) &&
    Array.isArray(manifest.chunksPerFile) &&
    Array.isArray(chunks) &&
    chunks.length === manifest.chunkBytes.length &&
    chunks.every((chunk) => typeof chunk === 'string') &&
    Array.isArray(files) &&
    files.every(
      (file) =>
        Array.isArray(file) &&
        file.length === 3 &&
        typeof file[0] === 'string' &&
        !file[0].includes('/') &&
        !file[0].includes(path.sep) &&
        typeof file[1] === 'number' &&
        typeof file[2] === 'number',
    )
  );
}

/**
 * Links the kept index's files into `dir` (made here); false when one of them is gone or changed,
 * and `dir` is removed again (the caller builds the index afresh there).
 */
export function linkKeptIndex(kept: KeptIndex, dir: string): boolean {
  // Synchronous, as the pages' links (keptOutput.ts): a handful of files, each a stat and a link.
  try {
    mkdirSync(dir, { recursive: true });
    for (const [name, size, mtimeMs] of kept.files) {
      const copy = path.join(kept.dir, name);
      if (!isRecordedCopy(copy, size, mtimeMs)) throw new Error('changed');
      try {
        linkSync(copy, path.join(dir, name));
      } catch (error) {
        // The cache and the output on two file systems: a copy, as the bytes are the kept ones.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        copyFileSync(copy, path.join(dir, name));
      }
    }
    return true;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return false;
  }
}

/**
 * The kept index's compressed record chunks, by their digests: where they are in its record files
 * (read only as the new record files are written: fileParts.ts). None from a file gone or changed:
 * those chunks are compressed again.
 */
export function keptChunks(kept: KeptIndex): CompressedChunks {
  const chunks = new Map<string, KeptBytes>();
  const sizes = new Map(kept.files.map(([name, size, mtimeMs]) => [name, { size, mtimeMs }]));
  // Each record file's path once, or null when it is not the kept one (35,000 chunks in a few files).
  const usable = new Map<string, string | null>();
  chunkLocations(kept.manifest).forEach(({ file, offset, length }, index) => {
    let copy = usable.get(file);
    if (copy === undefined) {
      copy = path.join(kept.dir, file);
      if (!isKeptFile(copy, sizes.get(file))) copy = null;
      usable.set(file, copy);
    }
    if (copy !== null && offset + length <= sizes.get(file)!.size)
      chunks.set(kept.chunks[index], { file: copy, offset, length });
  });
  return chunks;
}

/** Whether a kept file's size and modification time are the manifest's (`expected`). */
function isKeptFile(file: string, expected: { size: number; mtimeMs: number } | undefined): boolean {
  return !!expected && isRecordedCopy(file, expected.size, expected.mtimeMs);
}

/**
 * Keeps the index this build wrote into `dir` (its `files`, by name) for the next, replacing the
 * last one: links to its files, then the manifest. Where a link cannot be made (the cache and the
 * output on two file systems), the file is copied into the cache.
 */
export async function keepIndex(
  cacheDir: string,
  dir: string,
  files: Iterable<string>,
  { key, manifest, chunks }: Pick<KeptIndex, 'key' | 'manifest' | 'chunks'>,
): Promise<void> {
  const kept = keptDir(cacheDir);
  // The manifest first: a build stopped half-way through leaves no index, rather than one that
  // names files of another.
  await rm(manifestFile(cacheDir), { recursive: true, force: true });
  await rm(kept, { recursive: true, force: true });
  const listed: KeptIndex['files'] = [];
  try {
    mkdirSync(kept, { recursive: true });
    for (const name of files) {
      const copy = path.join(kept, name);
      try {
        linkSync(path.join(dir, name), copy);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        copyFileSync(path.join(dir, name), copy);
      }
      const info = statSync(copy);
      listed.push([name, info.size, wholeMs(info.mtimeMs)]);
    }
  } catch {
    // A damaged cache (a file where the folder belongs): nothing is kept, and the next build builds afresh.
    await rm(kept, { recursive: true, force: true });
    return;
  }
  await writeAside(
    manifestFile(cacheDir),
    JSON.stringify({ ...(key ? { key } : {}), manifest, chunks, files: listed }),
  );
}
