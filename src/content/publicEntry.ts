import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { isInside } from '../fs/isInside.ts';

/** `public/` as the site publishes it: the project it must stay in, and the dot-paths the config lets out. */
export interface PublicFolder {
  /** The project root, links resolved. */
  root: string;
  /** `public/` as written (errors name files under it). */
  dir: string;
  /** `public/`, links resolved. */
  realDir: string;
  /** Dot-files and dot-folders to publish, as paths below `public/` (config `publicDotfiles`). */
  dotfiles: readonly string[];
}

/** What a path below `public/` publishes, by its real path: a file, a folder, or something else (a FIFO, a socket), which is left out. */
export interface PublicEntry {
  real: string;
  kind: 'file' | 'folder' | 'other';
}

/** `public/` of a project, or undefined when it has none. */
export async function openPublicFolder(root: string, dotfiles: readonly string[]): Promise<PublicFolder | undefined> {
  const dir = path.join(root, 'public');
  if (
    !(await stat(dir).then(
      (info) => info.isDirectory(),
      () => false,
    ))
  )
    return undefined;
  const realRoot = await realpath(root);
  const folder: PublicFolder = { root: realRoot, dir, realDir: dir, dotfiles };
  return { ...folder, realDir: (await resolvePublicEntry(folder, ''))!.real };
}

/**
 * What `relative` (a '/'-separated path below `public/`) publishes, checked by the one rule the
 * build (copying `public/`) and the dev server (serving it as it is) both apply:
 * - a dot-file or dot-folder (`.env`, `.git/`) is published only when the config lists it
 *   (`publicDotfiles: ['.well-known']`): such files are where secrets and tool state live;
 * - a symbolic link is followed only inside the project and never into a dot-folder or onto a
 *   dot-file there: `ln -s ../.git/config public/gitconfig` published the repository's config,
 *   which on a CI checkout holds the checkout's token, and `ln -s ../.git public/repo` all of it.
 * Undefined when nothing is there; a DocsgenError naming the file when it must not be published.
 */
export async function resolvePublicEntry(folder: PublicFolder, relative: string): Promise<PublicEntry | undefined> {
  const file = path.join(folder.dir, relative);
  const link = await lstat(file).then(
    (info) => info.isSymbolicLink(),
    () => undefined,
  );
  if (link === undefined) return undefined;
  const segments = relative.split('/').filter((segment) => segment !== '');
  // The first part of the path no listed path covers, and the dot-file or dot-folder that makes it so.
  const unlisted = segments.findIndex((_segment, i) => !dotPathListed(folder.dotfiles, segments.slice(0, i + 1)));
  if (unlisted !== -1) {
    const dot = segments.slice(0, unlisted + 1).findLastIndex((segment) => segment.startsWith('.'));
    const dotName = segments[dot];
    const isFolder =
      dot < segments.length - 1 ||
      (await stat(file).then(
        (info) => info.isDirectory(),
        () => false,
      ));
    throw new DocsgenError(
      `${dotName} is a dot-${isFolder ? 'folder' : 'file'}, published only when the config lists it in \`publicDotfiles\` (as '.well-known'): dot-files hold secrets and tool state`,
      { file },
    );
  }
  const target = link ? await readlink(file) : undefined;
  const real = await realpath(file).catch(() => {
    throw new DocsgenError(`symbolic link to ${target} points to nothing`, { file });
  });
  if (!isInside(folder.root, real))
    throw new DocsgenError(`symbolic link to ${target ?? real} leaves the project`, { file });
  const hidden = path
    .relative(folder.root, real)
    .split(path.sep)
    .find((segment) => segment.startsWith('.'));
  const listedInPublic =
    isInside(folder.realDir, real) &&
    dotPathListed(folder.dotfiles, path.relative(folder.realDir, real).split(path.sep));
  if (hidden !== undefined && !listedInPublic) {
    throw new DocsgenError(
      `${target === undefined ? 'a symbolic link on its way' : `symbolic link to ${target}`} leads into ${hidden}, which is never published: dot-folders hold secrets and tool state (.git/config can hold a token)`,
      { file },
    );
  }
  const info = await stat(real);
  return { real, kind: info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other' };
}

/**
 * Whether a path below `public/` may be published as far as its dot-segments go: a listed
 * dot-path covers itself and what lies below it, and the folders on the way to it are walked.
 */
export function dotPathListed(dotfiles: readonly string[], segments: string[]): boolean {
  const last = segments.findLastIndex((segment) => segment.startsWith('.'));
  if (last === -1) return true;
  return dotfiles.some((entry) => {
    const allowed = entry.split('/').filter((segment) => segment !== '');
    // A listed path as long as the last dot-segment at least, sharing the path's segments.
    return allowed.length > last && allowed.slice(0, segments.length).every((segment, i) => segments[i] === segment);
  });
}
