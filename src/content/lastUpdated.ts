import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { cachedValue } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';

const run = promisify(execFile);

/** What the project's history says of the files in the folders it was asked about, read once for all of them. */
export interface CommitDates {
  /** When the last commit that touched each file was made (ms since the epoch), by its path from the project (`/`-separated). */
  byPath: Map<string, number>;
  /** In a shallow clone, the files its oldest commits hold, dated by those commits (not trusted for a page's date). */
  boundaryByPath?: Map<string, number>;
  /**
   * Why git cannot date the files it does not list: the project is not in a repository (or git is
   * not installed), or the history is shallow (a file the shallow history's first commit holds may
   * have changed earlier: not listed). Absent: the whole history was read.
   */
  gap?: 'no repository' | 'shallow';
}

// Starts each commit's line: no path holds it, unlike `commit` or a hash.
const commitMark = '\x1e';

/**
 * One `git log` over every folder of the project that `folders` names (relative to `root`: each
 * version's docs, each description's folder), with the files each commit touched; each file's date
 * is its latest commit's. Not one per file (1,000 pages cost one process, not 1,000), nor one per
 * folder: a site with a snapshot read its history three times more (one `git log` per version's
 * docs and one per description its changelog feed dates), each a process of ~15 ms CPU, most of
 * what a second version added to a warm build. In a shallow clone the oldest commits kept claim
 * every file they hold, so their files are left out, not misdated.
 * With a `cacheDir`, the dates are kept under what the log's output depends on (the commit checked
 * out, the project's place in the repository, the folders and the shallow history's boundary): a warm
 * build runs one `git rev-parse` and no log (8 ms of git CPU for this repository's 560 commits, and the parse).
 */
export async function readCommitDates(root: string, folders: string[], cacheDir?: string): Promise<CommitDates> {
  const git = (args: string[]) =>
    run('git', ['--literal-pathspecs', ...args], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    });
  let head: string, place: string, shallow: string;
  try {
    // The commit whose history is read, and where the project is in its repository (git names files from its top).
    [head, place, shallow] = (await git(['rev-parse', 'HEAD', '--show-prefix', '--git-path', 'shallow'])).stdout.split(
      '\n',
    );
  } catch {
    // Not a repository, no commit yet, or no git program: every file keeps its modification time.
    return { byPath: new Map(), gap: 'no repository' };
  }
  const prefix = place.replace(/\/$/, '');
  // A folder outside the repository would fail the whole log; its files keep their modification times.
  const inside = folders
    .map((folder) => path.relative(root, path.resolve(root, folder)).split(path.sep).join('/') || '.')
    .filter((folder) => !path.posix.normalize(path.posix.join(prefix, folder)).startsWith('..'));
  if (inside.length === 0) return { byPath: new Map() };
  const boundary = new Set(
    (await readFile(path.resolve(root, shallow), 'utf8').catch(() => '')).split('\n').filter(Boolean),
  );
  const key = hashOf(head, prefix, ...inside, '', ...[...boundary].sort());
  const [byPath, boundaryByPath] = await cachedValue(cacheDir, 'commit-dates', key, async () => {
    const log = await git([
      'log',
      '-z',
      '--no-renames',
      `--format=${commitMark}%H %ct`,
      '--name-only',
      '--no-relative',
      '--',
      ...inside,
    ]);
    return datesOfLog(log.stdout, prefix, boundary).map((dates) => [...dates]);
  });
  return boundary.size > 0
    ? { byPath: new Map(byPath), boundaryByPath: new Map(boundaryByPath), gap: 'shallow' }
    : { byPath: new Map(byPath) };
}

/**
 * Each file's latest commit's date in `git log` output, by its path from the project: those of the
 * shallow history's first commits apart.
 */
function datesOfLog(log: string, prefix: string, boundary: Set<string>): [Map<string, number>, Map<string, number>] {
  const byPath = new Map<string, number>();
  const boundaryByPath = new Map<string, number>();
  let commit: { ms: number; boundary: boolean } | undefined;
  for (const field of log.split('\0')) {
    if (field.startsWith(commitMark)) {
      const [hash, seconds] = field.slice(1).split(' ');
      commit = { ms: Number(seconds) * 1000, boundary: boundary.has(hash) };
      continue;
    }
    // The first file of a commit follows its line's newline.
    const name = field.startsWith('\n') ? field.slice(1) : field;
    if (!name || !commit) continue;
    const file = prefix ? path.posix.relative(prefix, name) : name;
    const dates = commit.boundary ? boundaryByPath : byPath;
    if ((dates.get(file) ?? -Infinity) < commit.ms) dates.set(file, commit.ms);
  }
  return [byPath, boundaryByPath];
}

/** A file's path from the project, as `CommitDates` names it. */
export const fromProject = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

export interface PageDates {
  /** Each page's last-updated date (ms since the epoch) by its path below the folder. */
  byPath: Map<string, number>;
  /** Said once by a build or a dev server: which pages are dated by their file's modification time, and why (not said outside a repository). */
  warning?: string;
}

/**
 * The last-updated date of each page: its last commit's, or else (a file git does not list: not
 * committed, outside a repository, or beyond a shallow clone's history) its file's modification
 * time, which the warning owns up to. `folderName` is the pages' folder as the project names it
 * (`content/docs`), which `commits` must have been read for.
 */
export function pageDates(
  commits: CommitDates,
  pages: { relativePath: string; file: string }[],
  folderName: string,
): PageDates {
  const byPath = new Map<string, number>();
  const undated = pages.filter((page) => {
    const committed = commits.byPath.get(path.posix.join(folderName.split(path.sep).join('/'), page.relativePath));
    if (committed !== undefined) byPath.set(page.relativePath, committed);
    return committed === undefined;
  });
  for (const page of undated) byPath.set(page.relativePath, modifiedAt(page.file));
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

/**
 * When a set of files (an OpenAPI description's) last changed: the last commit that touched one of
 * them (in a shallow clone, the oldest commit kept that holds one, as `git log -1` says), so that
 * every clone says the same; outside git (none of them committed) the latest of their modification times.
 */
export async function filesChangedAt(commits: CommitDates, root: string, files: string[]): Promise<number> {
  const committed = files.flatMap((file) =>
    [commits.byPath, commits.boundaryByPath].flatMap((dates) => dates?.get(fromProject(root, file)) ?? []),
  );
  if (committed.length > 0) return Math.max(...committed);
  return Math.max(...(await Promise.all(files.map((file) => stat(file).then((info) => info.mtimeMs)))));
}

/**
 * A page's file's modification time (ms); a file gone meanwhile is dated now. Synchronous: a stat
 * through libuv's pool and its promise cost this thread several times the call (a page each build).
 */
export function modifiedAt(file: string): number {
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    if (info) return Math.floor(info.mtimeMs);
  } catch {
    // A folder on the way replaced by a file meanwhile (ENOTDIR): gone, as for a missing file.
  }
  return Date.now();
}

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
