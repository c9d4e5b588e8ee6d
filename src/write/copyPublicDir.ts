import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DocsgenError } from '../errors.ts';
import { openPublicFolder, resolvePublicEntry, type PublicFolder } from '../content/publicEntry.ts';

/**
 * Copies `public/` into the output folder as plain files and folders, each entry checked by the
 * rule the dev server serves it by (src/content/publicEntry.ts): a symbolic link is copied as
 * what it points to when that stays inside the project and out of its dot-folders, and a
 * dot-file is copied only when the config lists it.
 */
export async function copyPublicDir(root: string, outDir: string, dotfiles: readonly string[]): Promise<void> {
  const folder = await openPublicFolder(root, dotfiles);
  if (folder) await copyFolder(folder, '', outDir, new Set([folder.realDir]));
}

async function copyFolder(
  folder: PublicFolder,
  relative: string,
  outDir: string,
  ancestors: Set<string>,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const name of await readdir(path.join(folder.dir, relative))) {
    const entryPath = relative === '' ? name : `${relative}/${name}`;
    const source = path.join(folder.dir, entryPath);
    const entry = await resolvePublicEntry(folder, entryPath);
    const destination = path.join(outDir, name);
    if (entry?.kind === 'folder') {
      if (ancestors.has(entry.real))
        throw new DocsgenError(`symbolic link to ${await readlink(source)} loops back to a folder that contains it`, {
          file: source,
        });
      await copyFolder(folder, entryPath, destination, new Set([...ancestors, entry.real]));
    } else if (entry?.kind === 'file') {
      // Written afresh rather than copied, so the file gets the user's umask like the rest of the site.
      await pipeline(createReadStream(entry.real), createWriteStream(destination)).catch((error: Error) => {
        throw new DocsgenError(`cannot copy into the site: ${error.message}`, { file: source });
      });
    }
    // Sockets, FIFOs and devices are not site content: left out.
  }
}
