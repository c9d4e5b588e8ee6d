import type http from 'node:http';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import send from 'send';
import { isInside } from '../fs/isInside.ts';

/** Answers a request from a static folder; false when the folder has no such file. */
export type StaticFiles = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<boolean>;

/**
 * Serves the files of a folder with `send`, Express's file server: MIME types, ETags, byte ranges
 * (`bytes=-5` is the last five bytes) and conditional requests (`If-None-Match: *` is 304), as
 * RFC 9110 has them (sirv, before it, sent the first bytes and a 200). Only regular files below
 * the folder whose real path lies inside `linksWithin` are its own: a symbolic link to
 * `/etc/passwd` in `public/`, a dot-file or a folder is left to the next handler, as missing.
 */
export function staticFiles(folder: string, linksWithin: string): StaticFiles {
  const root = path.resolve(folder);
  return async (request, response) => {
    const pathname = (request.url ?? '/').split(/[?#]/)[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (decoded.split('/').some((segment) => segment.startsWith('.'))) return false;
    const file = path.join(root, decoded);
    if (!file.startsWith(root + path.sep)) return false;
    const [boundary, real] = await Promise.all([realpath(linksWithin), realpath(file)].map((found) => found.catch(() => undefined)));
    if (!boundary || !real || !isInside(boundary, real)) return false;
    if (!(await stat(real).then((info) => info.isFile(), () => false))) return false;
    response.setHeader('Cache-Control', 'no-cache');
    send(request, pathname, { root, dotfiles: 'ignore', index: false, etag: true, lastModified: true, cacheControl: false }).pipe(response);
    return true;
  };
}
