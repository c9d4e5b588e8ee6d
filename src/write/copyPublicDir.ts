import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DocsgenError } from '../errors.ts';
import { openPublicFolder, resolvePublicEntry, type PublicFolder } from '../content/publicEntry.ts';

/** What `public/` publishes: each folder and file by its path below the output folder; a file with its path in `public/` and the file it is read from. */
export type PublicEntries = (
  | { relative: string; kind: 'folder' }
  | { relative: string; kind: 'file'; source: string; real: string }
)[];

/**
 * Reads what `public/` publishes, each entry checked by the rule the dev server serves it by
 * (src/content/publicEntry.ts): a symbolic link stands for what it points to when that stays
 * inside the project and out of its dot-folders, and a dot-file counts only when the config
 * lists it. Read while the site loads; every refused entry is an error, the rest is read on.
 */
export async function readPublicDir(
  root: string,
  dotfiles: readonly string[],
): Promise<{ entries: PublicEntries; errors: DocsgenError[] }> {
  const folder = await openPublicFolder(root, dotfiles);
  const read = { entries: [] as PublicEntries, errors: [] as DocsgenError[] };
  if (folder) await readFolder(folder, '', new Set([folder.realDir]), read);
  return read;
}

async function readFolder(
  folder: PublicFolder,
  relative: string,
  ancestors: Set<string>,
  read: { entries: PublicEntries; errors: DocsgenError[] },
): Promise<void> {
  for (const name of await readdir(path.join(folder.dir, relative))) {
    const entryPath = relative === '' ? name : `${relative}/${name}`;
    const source = path.join(folder.dir, entryPath);
    let entry: Awaited<ReturnType<typeof resolvePublicEntry>>;
    try {
      entry = await resolvePublicEntry(folder, entryPath);
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      read.errors.push(error);
      continue;
    }
    if (entry?.kind === 'folder') {
      if (ancestors.has(entry.real)) {
        const target = await readlink(source);
        read.errors.push(
          new DocsgenError(`symbolic link to ${target} loops back to a folder that contains it`, { file: source }),
        );
        continue;
      }
      read.entries.push({ relative: entryPath, kind: 'folder' });
      await readFolder(folder, entryPath, new Set([...ancestors, entry.real]), read);
    } else if (entry?.kind === 'file') {
      read.entries.push({ relative: entryPath, kind: 'file', source, real: entry.real });
    }
    // Sockets, FIFOs and devices are not site content: left out.
  }
}

/** Copies what readPublicDir read into the output folder as plain files and folders. */
export async function copyPublicDir(entries: PublicEntries, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const entry of entries) {
    const destination = path.join(outDir, ...entry.relative.split('/'));
    if (entry.kind === 'folder') {
      await mkdir(destination, { recursive: true });
      continue;
    }
    // Written afresh rather than copied, so the file gets the user's umask like the rest of the site. A generated
    // file of the same path (robots.txt) is removed first: it may be a link to the cache's kept copy (keptOutput.ts).
    await rm(destination, { force: true });
    await pipeline(createReadStream(entry.real), createWriteStream(destination)).catch((error: Error) => {
      throw new DocsgenError(`cannot copy into the site: ${error.message}`, { file: entry.source });
    });
  }
}
