import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pMap from 'p-map';
import { cachedValue } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import { filesAtOnce } from '../fs/filesAtOnce.ts';

const run = promisify(execFile);

/** What the history of a folder says of its files, read once for all of them. */
export interface CommitDates {
  /** When the last commit that touched each file was made (ms since the epoch), by path below the folder. */
  byPath: Map<string, number>;
  /**
   * Why git cannot date the files it does not list: the folder is not in a repository (or git is
   * not installed), or the history is shallow (a file the shallow history's first commit holds may
   * have changed earlier: not listed). Absent: the whole history was read.
   */
  gap?: 'no repository' | 'shallow';
}

// Starts each commit's line: no path holds it, unlike `commit` or a hash.
const commitMark = '\x1e';

/**
 * One `git log` over `folder` (not one per file: 1,000 pages cost one process, not 1,000), with
 * the files each commit touched; each file's date is its latest commit's. In a shallow clone the
 * oldest commits kept claim every file they hold, so their files are left out, not misdated.
 * With a `cacheDir`, the dates are kept under what the log's output depends on: the commit checked
 * out, the folder's place in the repository and the shallow history's boundary. A warm build runs
 * one `git rev-parse` (1 ms of git) instead of the log (8 ms for this repository's 560 commits).
 */
export async function readCommitDates(folder: string, cacheDir?: string): Promise<CommitDates> {
  const git = (args: string[]) =>
    run('git', args, { cwd: folder, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
  let head: string, prefix: string, shallowFile: string;
  try {
    [head, prefix, shallowFile] = (await git(['rev-parse', 'HEAD', '--show-prefix', '--git-path', 'shallow'])).stdout
      .split('\n')
      .slice(0, 3);
  } catch {
    // Not a repository, no commit yet, or no git program: every file keeps its modification time.
    return { byPath: new Map(), gap: 'no repository' };
  }
  const boundary = new Set(
    (await readFile(path.resolve(folder, shallowFile), 'utf8').catch(() => '')).split('\n').filter(Boolean),
  );
  const key = hashOf(head, prefix, ...[...boundary].sort());
  const dated = await cachedValue(cacheDir, 'commit-dates', key, async () => {
    const log = await git([
      'log',
      '-z',
      '--no-renames',
      `--format=${commitMark}%H %ct`,
      '--name-only',
      '--relative',
      '--',
      '.',
    ]);
    return [...datesOfLog(log.stdout, boundary)];
  });
  return { byPath: new Map(dated), gap: boundary.size > 0 ? 'shallow' : undefined };
}

/** Each file's latest commit's date in `git log` output, leaving out what the shallow history's first commits hold. */
function datesOfLog(log: string, boundary: Set<string>): Map<string, number> {
  const byPath = new Map<string, number>();
  let commit: { ms: number; boundary: boolean } | undefined;
  for (const field of log.split('\0')) {
    if (field.startsWith(commitMark)) {
      const [hash, seconds] = field.slice(1).split(' ');
      commit = { ms: Number(seconds) * 1000, boundary: boundary.has(hash) };
      continue;
    }
    // The first file of a commit follows its line's newline.
    const file = field.startsWith('\n') ? field.slice(1) : field;
    if (!file || !commit || commit.boundary) continue;
    if ((byPath.get(file) ?? -Infinity) < commit.ms) byPath.set(file, commit.ms);
  }
  return byPath;
}

export interface PageDates {
  /** Each page's last-updated date (ms since the epoch) by its path below the folder. */
  byPath: Map<string, number>;
  /** Said once by a build or a dev server: which pages are dated by their file's modification time, and why (not said outside a repository). */
  warning?: string;
}

/**
 * The last-updated date of each page: its last commit's, or else (a file git does not list: not
 * committed, outside a repository, or beyond a shallow clone's history) its file's modification
 * time, which the warning owns up to. `folderName` is the folder as the project names it (`content/docs`).
 */
export async function pageDates(
  commits: CommitDates,
  pages: { relativePath: string; file: string }[],
  folderName: string,
): Promise<PageDates> {
  const byPath = new Map<string, number>();
  const undated = pages.filter((page) => {
    const committed = commits.byPath.get(page.relativePath);
    if (committed !== undefined) byPath.set(page.relativePath, committed);
    return committed === undefined;
  });
  await pMap(undated, async (page) => byPath.set(page.relativePath, await modifiedAt(page.file)), {
    concurrency: filesAtOnce,
  });
  return {
    byPath,
    warning:
      undated.length === 0
        ? undefined
        : undatedWarning(
            undated.map((page) => `${folderName}/${page.relativePath}`),
            commits.gap,
          ),
  };
}

/** A page's file's modification time (ms); a file gone meanwhile is dated now. */
export const modifiedAt = (file: string): Promise<number> =>
  stat(file).then(
    (info) => Math.floor(info.mtimeMs),
    () => Date.now(),
  );

/**
 * What a build says of the pages dated by their files. Nothing for a project that does not use git
 * (or a machine without it): every build would say the same and nothing can be done about it, and
 * the README says how such pages are dated. A shallow clone and pages not committed yet are named.
 */
function undatedWarning(files: string[], gap: CommitDates['gap']): string | undefined {
  if (gap === 'no repository') return undefined;
  const pages = files.length === 1 ? '1 page' : `${files.length} pages`;
  const named = `${files.slice(0, 3).join(', ')}${files.length > 3 ? `, and ${files.length - 3} more` : ''}`;
  const fallback = (which: string) =>
    `the last-updated dates of ${pages}${which} are their files' modification times (${named})`;
  if (gap === 'shallow')
    return `the git clone is shallow: ${fallback('')}; fetch the whole history (\`git fetch --unshallow\`, or \`fetch-depth: 0\` with actions/checkout)`;
  return fallback(' no commit holds yet');
}
