import { randomBytes } from 'node:crypto';
import { mkdir, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../engineRoot.ts';
import { UsageError } from '../errors.ts';
import { isInside } from '../fs/isInside.ts';
import { processIsAlive } from '../fs/processIsAlive.ts';

/**
 * Builds go to a staging folder beside the output folder and replace it only once everything
 * succeeded, so a failed build leaves the previous `dist/` exactly as it was.
 *
 * Node has no atomic exchange of two folders, so the swap is a sequence of renames, each atomic,
 * and the folder names are its journal (`<pid>` is the owning process, `<id>` orders builds):
 *
 *   .dist-staging-<pid>-<id>   being written
 *   .dist-next-<pid>-<id>      complete, about to replace dist/ (renamed from staging)
 *   .dist-previous-<pid>-<id>  the site it replaced (renamed from dist/), removed last
 *
 * A kill at any point leaves names that say how far the swap went, and the next build (`build`,
 * `serve`, `check-links`) first finishes it (`recoverOutputDir`): a complete `next` goes to
 * `dist/`, or else a `previous` goes back, and every folder of a dead process is removed.
 * `dist/` stays a real folder rather than a symbolic link swapped atomically: `cp -r dist`, rsync
 * and deploy actions copy a link as a link. The one window without `dist/` lasts between two
 * renames, and recovery closes it.
 */
/**
 * Folders of the project that the output folder must not be, hold or lie in: a build replaces
 * its output folder whole, so `--out content` would replace the sources and `--out .` the
 * project, `.git` included (both built with exit 0 before this check).
 */
const projectFolders = ['content', 'openapi', 'public', 'templates', 'src', '.docsgen-cache', '.git', 'node_modules'];

/**
 * Refuses an output folder a build would destroy something by replacing: the project or the
 * engine (or a folder holding either), one of the project's own folders, or a file. Paths are
 * compared once symbolic links are resolved, so `--out link-to-project` is refused too.
 */
export async function assertOutputDirAllowed(root: string, outDir: string): Promise<void> {
  const out = await realPathOf(outDir);
  const refuse = (what: string) => {
    throw new UsageError(`the output folder ${outDir} ${what}; build into a folder of its own, such as dist/`);
  };
  const replaced = 'which a build would replace whole';
  for (const [folder, name] of [
    [root, 'the project'],
    [engineRoot, 'the docsgen engine'],
  ]) {
    const real = await realPathOf(folder);
    if (isInside(out, real)) refuse(`${out === real ? 'is' : 'holds'} ${name} (${folder}), ${replaced}`);
  }
  for (const name of projectFolders) {
    const folder = await realPathOf(path.join(root, name));
    if (isInside(out, folder)) refuse(`${out === folder ? 'is' : 'holds'} the project's ${name}/, ${replaced}`);
    if (isInside(folder, out))
      refuse(`lies inside the project's ${name}/, where the site would mix with what the build reads`);
  }
  if (
    await stat(out).then(
      (info) => !info.isDirectory(),
      () => false,
    )
  )
    refuse(`is a file, ${replaced}`);
}

/** The real path of `file`, which may not exist yet: its nearest existing folder's links resolved. */
async function realPathOf(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const real = await realpath(absolute).catch(() => undefined);
  if (real) return real;
  const parent = path.dirname(absolute);
  return parent === absolute ? absolute : path.join(await realPathOf(parent), path.basename(absolute));
}

/** Makes the build's staging folder beside the output folder. */
export async function createStagingDir(outDir: string): Promise<string> {
  const staging = swapFolder(
    path.resolve(outDir),
    'staging',
    `${process.pid}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}`,
  );
  // Its parents are made as `mkdir -p` makes them (`--out deploy/site` in a fresh checkout), and
  // mkdir, not mkdtemp: the site must get the user's umask (0755), not mkdtemp's 0700.
  try {
    await mkdir(path.dirname(staging), { recursive: true });
    await mkdir(staging);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const reason =
      code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file stands where a folder of its path should be'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'this user may not write there'
          : `${(error as Error).message}`;
    throw new UsageError(`the output folder ${outDir} cannot be made: ${reason}`);
  }
  return staging;
}

/** Swaps the complete staging folder in as the output folder (the renames above). */
export async function publishStagingDir(stagingDir: string, outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const owner = parseSwapFolder(path.basename(stagingDir), path.basename(target))!.owner;
  const next = swapFolder(target, 'next', owner);
  const previous = swapFolder(target, 'previous', owner);
  await rename(stagingDir, next);
  const hadPrevious = await rename(target, previous).then(() => true, ignoreMissing);
  await rename(next, target);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

/** Removes a failed build's staging folder. */
export async function discardStagingDir(stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
}

/**
 * Finishes a swap a killed process left half-done and removes the staging folders of processes
 * that are gone, leaving alone those of builds still running.
 */
export async function recoverOutputDir(outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const names = await readdir(parent).catch(() => []);
  const orphans = names
    .map((name) => ({ name, folder: parseSwapFolder(name, path.basename(target)) }))
    .filter(
      (entry): entry is { name: string; folder: SwapFolder } =>
        entry.folder !== undefined && !processIsAlive(entry.folder.pid),
    )
    .sort((a, b) => b.folder.order.localeCompare(a.folder.order));
  const remaining = new Set(orphans.map((entry) => entry.name));
  const finished = orphans.find((entry) => entry.folder.kind === 'next');
  if (finished) {
    const displaced = swapFolder(target, 'previous', finished.folder.owner);
    if (await rename(target, displaced).then(() => true, ignoreMissing)) remaining.add(path.basename(displaced));
    // Another build starting at the same moment may have finished it first.
    await rename(path.join(parent, finished.name), target).catch(ignoreMissing);
    remaining.delete(finished.name);
  } else if (!(await exists(target))) {
    const previous = orphans.find((entry) => entry.folder.kind === 'previous');
    if (previous) {
      await rename(path.join(parent, previous.name), target).catch(ignoreMissing);
      remaining.delete(previous.name);
    }
  }
  for (const name of remaining) await rm(path.join(parent, name), { recursive: true, force: true });
}

type SwapKind = 'staging' | 'next' | 'previous';

interface SwapFolder {
  kind: SwapKind;
  /** `<pid>-<id>`, shared by the folders of one build. */
  owner: string;
  /** Undefined for the folders of engines before the pid was recorded: their owner is long gone. */
  pid: number | undefined;
  order: string;
}

function swapFolder(target: string, kind: SwapKind, owner: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}-${kind}-${owner}`);
}

function parseSwapFolder(name: string, base: string): SwapFolder | undefined {
  const prefix = `.${base}-`;
  if (!name.startsWith(prefix)) return undefined;
  const rest = name.slice(prefix.length);
  const current = /^(staging|next|previous)-((\d+)-([0-9a-z]+))$/.exec(rest);
  if (current) return { kind: current[1] as SwapKind, owner: current[2], pid: Number(current[3]), order: current[4] };
  // Earlier engines used mkdtemp (`.dist-staging-XXXXXX`) and `<staging>-previous` for the old site.
  const legacy = /^staging-[A-Za-z0-9]{6}(-previous)?$/.exec(rest);
  if (legacy) return { kind: legacy[1] ? 'previous' : 'staging', owner: rest, pid: undefined, order: '' };
  return undefined;
}

function ignoreMissing(error: NodeJS.ErrnoException): false {
  if (error.code === 'ENOENT') return false;
  throw error;
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
