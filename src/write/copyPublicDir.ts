import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DocsgenError } from '../errors.ts';
import { isInside } from '../fs/isInside.ts';

/**
 * Copies `public/` into the output folder as plain files and folders. A symbolic link is copied
 * as what it points to when that stays inside the project; one that leads out of it (to
 * `/etc/passwd`, say) is an error, since the site would publish whatever it reaches.
 */
export async function copyPublicDir(root: string, outDir: string): Promise<void> {
  const publicDir = path.join(root, 'public');
  const isDir = await stat(publicDir).then((info) => info.isDirectory(), () => false);
  if (!isDir) return;
  const projectRoot = await realpath(root);
  await copyFolder(publicDir, outDir, projectRoot, new Set([await resolveInside(publicDir, projectRoot)]));
}

async function copyFolder(dir: string, outDir: string, projectRoot: string, ancestors: Set<string>): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const source = path.join(dir, entry.name);
    const destination = path.join(outDir, entry.name);
    const real = entry.isSymbolicLink() ? await resolveInside(source, projectRoot) : source;
    const info = await stat(real);
    if (info.isDirectory()) {
      const realDir = await realpath(real);
      if (ancestors.has(realDir)) throw new DocsgenError(`symbolic link to ${await readlink(source)} loops back to a folder that contains it`, { file: source });
      await copyFolder(real, destination, projectRoot, new Set([...ancestors, realDir]));
    } else if (info.isFile()) {
      // Written afresh rather than copied, so the file gets the user's umask like the rest of the site.
      await pipeline(createReadStream(real), createWriteStream(destination)).catch((error: Error) => {
        throw new DocsgenError(`cannot copy into the site: ${error.message}`, { file: source });
      });
    }
    // Sockets, FIFOs and devices are not site content: left out.
  }
}

/** The real path of `file`, which must exist and lie inside the project. */
async function resolveInside(file: string, projectRoot: string): Promise<string> {
  const target = await readlink(file).catch(() => undefined);
  const real = await realpath(file).catch(() => {
    throw new DocsgenError(`symbolic link to ${target} points to nothing`, { file });
  });
  if (!isInside(projectRoot, real)) {
    throw new DocsgenError(`symbolic link to ${target ?? real} leaves the project`, { file });
  }
  return real;
}
