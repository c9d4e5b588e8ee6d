import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { SiteImage } from '../content/readImage.ts';
import { DocsgenError } from '../errors.ts';

/**
 * Copies the images beside the pages to their content-hashed paths in `outDir`
 * (`assets/diagram-1a2b3c4d.png`), those in `skip` aside. Written afresh rather than copied, so
 * each gets the user's umask like the rest of the site (a web server running as another user
 * reads it); one image at a time, so a site of many holds few files open. Returns the URLs written.
 */
export async function writeImages(
  images: readonly SiteImage[],
  outDir: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<Set<string>> {
  const written = new Set<string>();
  for (const image of images) {
    if (skip.has(image.url) || written.has(image.url)) continue;
    const target = path.join(outDir, image.url);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(createReadStream(image.file), createWriteStream(target)).catch((error: Error) => {
      throw new DocsgenError(`cannot copy the image into the site: ${error.message}`, { file: image.file });
    });
    written.add(image.url);
  }
  return written;
}
