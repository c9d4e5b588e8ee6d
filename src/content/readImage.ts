import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { DocsgenError } from '../errors.ts';

/** An image beside the pages (content/docs/**), as the site serves it. */
export interface SiteImage {
  /** Path below content/docs, '/'-separated: what a page's `![x](./a.png)` resolves to. */
  relativePath: string;
  file: string;
  /** Site path of its content-hashed copy, `/assets/<name>-<hash>.<ext>`, as the bundled assets are named. */
  url: string;
  /** Its size in CSS pixels, so the page keeps its room before it loads (absent for an SVG that states none). */
  width?: number;
  height?: number;
}

/** The image formats a page may show (browsers' own): by extension, lower-cased. */
export const imageExtensions = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg']);

/**
 * Reads an image once: its content hash names its copy, and image-size (which reads the
 * dimensions from the file's header: PNG, JPEG, GIF, WebP, AVIF, SVG) its width and height. A
 * JPEG that its EXIF turns a quarter (orientation 5–8) shows with width and height swapped, as
 * browsers apply the orientation. A raster image that cannot be measured is an error at the file;
 * given `problems`, the error is added there and the image kept without its size, so that the
 * pages showing it are not reported for a missing image too.
 */
export async function readImage(file: string, relativePath: string, problems?: DocsgenError[]): Promise<SiteImage> {
  const bytes = await readFile(file);
  const extension = path.extname(relativePath).toLowerCase();
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  const name = path.basename(relativePath, path.extname(relativePath)).replace(/[^\w.-]+/g, '-') || 'image';
  const image: SiteImage = { relativePath, file, url: `/assets/${name}-${hash}${extension}` };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch (error) {
    // An SVG may leave its size to the page (no width, height or viewBox).
    if (extension === '.svg') return image;
    const problem = new DocsgenError(`cannot read this image's width and height: ${(error as Error).message}`, {
      file,
    });
    if (!problems) throw problem;
    problems.push(problem);
    return image;
  }
  const quarterTurn = (size.orientation ?? 1) >= 5;
  return { ...image, width: quarterTurn ? size.height : size.width, height: quarterTurn ? size.width : size.height };
}
