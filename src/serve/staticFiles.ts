import type http from 'node:http';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';
import { isInside } from '../fs/isInside.ts';

/** Answers a request from a static folder; false when the folder has no such file. */
export type StaticFiles = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<boolean>;

/**
 * Serves the files of a folder with sirv (MIME types, ETags, ranges). A file whose real path
 * lies outside `linksWithin` (a symbolic link to `/etc/passwd` in `public/`) is treated as
 * missing: sirv follows links, so each file it would open is resolved and checked first.
 */
export function staticFiles(folder: string, linksWithin: string): StaticFiles {
  const dir = path.resolve(folder);
  const serve = sirv(dir, { dev: true, etag: true, dotfiles: false, extensions: [] });
  return async (request, response) => {
    const boundary = await realpath(linksWithin).catch(() => undefined);
    if (!boundary) return false;
    const pathname = sirvPathname(request.url ?? '/');
    for (const candidate of [pathname, `${pathname}/index`]) {
      const file = path.join(dir, candidate);
      // Only paths below the folder are candidates (sirv's own rule).
      if (!file.startsWith(dir + path.sep)) continue;
      const real = await realpath(file).catch(() => undefined);
      if (real && !isInside(boundary, real)) return false;
    }
    // sirv answers synchronously, or calls `next` at once when it has no such file.
    let missing = false;
    serve(request, response, () => {
      missing = true;
    });
    return !missing;
  };
}

/**
 * The path sirv looks up in dev mode (sirv 3 `toAssume`): the request's path without its
 * trailing slash, decoded with `decodeURI` (so `%2F` stays as it is), then itself and `<path>/index`.
 */
function sirvPathname(url: string): string {
  let pathname = url.split(/[?#]/)[0];
  if (pathname.includes('%')) {
    try {
      pathname = decodeURI(pathname);
    } catch {
      // sirv keeps a malformed path as it is.
    }
  }
  return pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}
