import type http from 'node:http';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import send from 'send';
import { dotPathListed } from '../content/publicEntry.ts';
import { isInside } from '../fs/isInside.ts';

/** Answers a request from a static folder; false when the folder has no such file. */
export type StaticFiles = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<boolean>;

/** The real path of the file a decoded request path names in a folder, or undefined when it has none to serve. */
export type FileResolver = (pathname: string) => Promise<string | undefined>;

/**
 * Serves the files a resolver finds with `send`, Express's file server: MIME types, ETags, byte
 * ranges (`bytes=-5` is the last five bytes) and conditional requests (`If-None-Match: *` is
 * 304), as RFC 9110 has them (sirv, before it, sent the first bytes and a 200). What may be
 * served is the resolver's to say; `send` is given only the file it found.
 */
export function staticFiles(resolve: FileResolver): StaticFiles {
  return async (request, response) => {
    const pathname = (request.url ?? '/').split(/[?#]/)[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const file = await resolve(decoded);
    if (file === undefined) return false;
    response.setHeader('Cache-Control', 'no-cache');
    const options = {
      root: path.dirname(file),
      dotfiles: 'allow',
      index: false,
      etag: true,
      lastModified: true,
      cacheControl: false,
    } as const;
    send(request, `/${encodeURIComponent(path.basename(file))}`, options).pipe(response);
    return true;
  };
}

/**
 * The files of an output folder: regular files below it whose real path stays inside it, and no
 * dot-file or dot-folder but those `public/` published (`dotfiles`, config `publicDotfiles`).
 */
export function folderFiles(folder: string, dotfiles: readonly string[] = []): FileResolver {
  const root = path.resolve(folder);
  return async (pathname) => {
    if (
      !dotPathListed(
        dotfiles,
        pathname.split('/').filter((segment) => segment !== ''),
      )
    )
      return undefined;
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return undefined;
    const [boundary, real] = await Promise.all(
      [realpath(root), realpath(file)].map((found) => found.catch(() => undefined)),
    );
    if (!boundary || !real || !isInside(boundary, real)) return undefined;
    return (await stat(real).then(
      (info) => info.isFile(),
      () => false,
    ))
      ? real
      : undefined;
  };
}
