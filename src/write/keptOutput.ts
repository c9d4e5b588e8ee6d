import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { filesAtOnce } from '../fs/filesAtOnce.ts';
import { writeAside } from '../fs/writeAside.ts';
import { isRecordedCopy, wholeMs } from '../fs/recordedCopy.ts';
import type { KnownFiles } from '../cache/pruneCache.ts';
import type { PresentContent } from './renderedRoute.ts';
import { digestOf, isTextParts, partText, type KeptParts } from './textParts.ts';

/**
 * The rendered files of the last build, kept in the cache as hard links to the published files
 * (no second copy on the disk), with a manifest of each one's content digest and the size and
 * modification time its kept copy had. The next build links a file whose bytes are the same into
 * its staging folder instead of writing it: a one-page edit writes that page's files, not every
 * page's. A clone with the cache restored has the kept files too (copied, with their times: tar
 * and `cp -a` keep them), while the last `dist/` is not in the clone.
 *
 * A kept file is used only while its size and modification time are what the manifest says: a
 * file of `dist/` edited by hand in place is the kept one too (one inode), and is written afresh.
 * Where a link cannot be made (the cache and the output on two file systems), the file is written.
 */
export interface KeptOutput {
  /** The folder of the kept files, by their paths in the output. */
  dir: string;
  /**
   * Each kept file by its path in the output: its content's digest, its size and modification
   * time (whole ms), and what it was made from when its source named that (RenderedRoute's `madeFrom`).
   */
  files: Record<string, KeptFile>;
}

type KeptFile = [digest: string, size: number, mtimeMs: number, madeFrom?: string, parts?: PartLengths];

/** A file's parts in order (text in parts with keys, TextParts), each as its key and its length in bytes. */
export type PartLengths = [key: string, bytes: number][];

/**
 * A file a build wrote into its output: its path there, its content's digest, whether it was
 * linked from the kept ones, what it was made from (when named), and its parts (when it was written from keyed parts).
 */
export interface WrittenFile {
  file: string;
  digest: string;
  linked: boolean;
  madeFrom?: string;
  parts?: PartLengths;
}

const keptDir = (cacheDir: string) => path.join(cacheDir, 'output');
const manifestFile = (cacheDir: string) => path.join(cacheDir, 'output.json');

/** A modification time to the millisecond: what a copy keeps of it (Node's `fs.cp` with `preserveTimestamps`; `cp -a` keeps more). */

/** What names a file's bytes in the manifest (of text in parts, the bytes of the parts in order). */
export function contentDigest(content: PresentContent): string {
  const hash = createHash('sha256');
  if (isTextParts(content)) for (const part of content.parts) hash.update(partText(part));
  else hash.update(content);
  return digestOf(hash);
}

/** Whether a build with this cache kept its output: the next one finds its pages in the cache (unless their sources changed). */
export const hasKeptOutput = (cacheDir: string): boolean => existsSync(manifestFile(cacheDir));

/** The last build's kept files (none when there are none, or the manifest is damaged: every file is written). */
export async function readKeptOutput(cacheDir: string): Promise<KeptOutput> {
  const files = await readFile(manifestFile(cacheDir), 'utf8')
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
  return { dir: keptDir(cacheDir), files: isManifest(files) ? files : {} };
}

function isManifest(value: unknown): value is KeptOutput['files'] {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length >= 3 &&
        entry.length <= 5 &&
        (entry.length < 4 || typeof entry[3] === 'string') &&
        (entry.length < 5 || isPartLengths(entry[4])) &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'number' &&
        typeof entry[2] === 'number',
    )
  );
}

const isPartLengths = (value: unknown): value is PartLengths =>
  Array.isArray(value) &&
  value.every(
    (part) => Array.isArray(part) && part.length === 2 && typeof part[0] === 'string' && typeof part[1] === 'number',
  );

const keptEntry = (kept: KeptOutput, file: string) => (Object.hasOwn(kept.files, file) ? kept.files[file] : undefined);

/** The digest of the kept copy of `file` when the last build made it from `madeFrom` too (the same bytes, made again). */
export const keptDigestOf = (kept: KeptOutput, file: string, madeFrom: string): string | undefined => {
  const entry = keptEntry(kept, file);
  return entry?.[3] === madeFrom ? entry[0] : undefined;
};

/**
 * Where the kept copy of `file` holds each part of `keys`, when the last build wrote it from keyed
 * parts and the copy is still what the manifest says (its size and modification time).
 */
export function keptPartsOf(kept: KeptOutput, file: string, keys: readonly string[]): KeptParts | undefined {
  const entry = keptEntry(kept, file);
  const parts = entry?.[4];
  if (!entry || !parts) return undefined;
  const copy = path.join(kept.dir, file);
  if (!isRecordedCopy(copy, entry[1], entry[2])) return undefined;
  const at = new Map<string, { offset: number; length: number }>();
  let offset = 0;
  for (const [key, length] of parts) {
    if (!at.has(key)) at.set(key, { offset, length });
    offset += length;
  }
  return offset === entry[1] ? { file: copy, at: keys.map((key) => at.get(key)) } : undefined;
}

/** A manifest entry: the fields after the size and time only when there are some. */
const keptFile = (digest: string, size: number, mtimeMs: number, madeFrom?: string, parts?: PartLengths): KeptFile =>
  parts !== undefined
    ? [digest, size, mtimeMs, madeFrom ?? '', parts]
    : madeFrom !== undefined
      ? [digest, size, mtimeMs, madeFrom]
      : [digest, size, mtimeMs];

/**
 * Makes `target` a link to the kept copy of `file` when that copy holds `digest`'s bytes (by the
 * manifest, while the copy's size and modification time are the manifest's). False: not linked
 * (not kept, changed, or no link possible), and the caller writes the file.
 */
export function linkKept(kept: KeptOutput, file: string, digest: string, target: string): boolean {
  const entry = keptEntry(kept, file);
  if (!entry || entry[0] !== digest) return false;
  const copy = path.join(kept.dir, file);
  // Synchronous: a stat and a link through libuv's pool cost more of this thread's time (promises,
  // the hand-over) than the calls themselves; unchanged files linked this way cost more than writing them.
  try {
    if (!isRecordedCopy(copy, entry[1], entry[2])) return false;
    linkSync(copy, target);
    return true;
  } catch {
    // Gone, or a damaged cache (a file where a folder was): written afresh, and kept again by keepOutput.
    return false;
  }
}

/**
 * Keeps the files a build published in `outDir` for the next build: links to those it wrote
 * (replacing the kept ones), the linked ones as they are, and no others; then the manifest. When
 * a file cannot be kept (no link across file systems), nothing is: the next build writes every file.
 * Returns the kept files' folder, and their sizes and modification times by their paths in the cache (for pruneCache;
 * none when nothing is kept).
 */
export async function keepOutput(
  cacheDir: string,
  outDir: string,
  written: WrittenFile[],
  previous: KeptOutput,
): Promise<KnownFiles | undefined> {
  const dir = keptDir(cacheDir);
  const files: KeptOutput['files'] = {};
  const made = new Set<string>();
  // Synchronous, as the writer's links (linkKept): through libuv's pool, five calls a file and
  // their promises cost this thread more than the calls. A file not kept yet (every file of a
  // first build) is linked in one call; one kept already is replaced at once (linked aside and
  // renamed over it).
  try {
    for (const { file, digest, linked, madeFrom, parts } of written) {
      // A linked file is the kept one, as the manifest has it (linkKept checked), its parts too.
      if (linked) {
        const [, size, mtimeMs, , keptParts] = previous.files[file];
        files[file] = keptFile(digest, size, mtimeMs, madeFrom, keptParts);
        continue;
      }
      const copy = path.join(dir, file);
      const folder = path.dirname(copy);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const published = path.join(outDir, file);
      try {
        linkSync(published, copy);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const temporary = `${copy}.${process.pid}.tmp`;
        rmSync(temporary, { force: true });
        linkSync(published, temporary);
        renameSync(temporary, copy);
      }
      const info = statSync(copy);
      files[file] = keptFile(digest, info.size, wholeMs(info.mtimeMs), madeFrom, parts);
    }
  } catch {
    await rm(manifestFile(cacheDir), { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
  const gone = Object.keys(previous.files).filter((file) => !Object.hasOwn(files, file));
  await pMap(gone, (file) => unlink(path.join(dir, file)).catch(() => undefined), { concurrency: filesAtOnce });
  await writeAside(manifestFile(cacheDir), JSON.stringify(files));
  return {
    folder: dir,
    files: new Map(
      Object.entries(files).map(([file, [, size, mtimeMs]]) => [path.join(dir, file), { size, mtimeMs }] as const),
    ),
  };
}
