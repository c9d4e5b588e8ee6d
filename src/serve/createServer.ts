import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { lookup } from 'mrmime';
import { cleanPath } from '../client/navigation/cleanPath.ts';
import { isAllowedHost } from './hostCheck.ts';
import { withBase, withoutBase } from '../model/paths.ts';
import { folderFiles, staticFiles, type FileResolver } from './staticFiles.ts';

/** Where the server gets pages: a built folder, or the dev server's on-demand renderer. */
export interface ServedPages {
  /** The HTML of a route (always with a trailing slash), or undefined when there is no such page. */
  page(route: string): Promise<string | undefined>;
  /** A generated file that is not in the static folders (the dev server renders them on request). */
  file?(pathname: string): Promise<string | undefined>;
  notFound(): Promise<string>;
}

/** What a server serves and whom it answers. */
export interface ServerOptions {
  pages: ServedPages;
  /** Output folders of static files, tried in order (a built site; the dev server's assets and search index). */
  staticDirs: string[];
  /** Dot-files and dot-folders the site publishes from `public/` (config `publicDotfiles`), served from `staticDirs` too. */
  dotfiles?: readonly string[];
  /** `public/` served as it is, under the rule the build copies it by (the dev server), tried after `staticDirs`. */
  publicFiles?: FileResolver;
  /** Host names accepted besides IP addresses and `localhost` (the `--host` bound, `--allowed-host`). */
  allowedHosts?: string[];
  /** Extra handler tried first (live-reload events); returns true when it answered. */
  intercept?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean | Promise<boolean>;
  /** Rewrites HTML before it is sent (the live-reload client in watch mode). */
  transformHtml?: (html: string) => string;
  /** The path the site is served under (config `baseUrl`, read on every request); `/` by default. */
  baseUrl?: () => string;
}

/** The not-found page's key among the pages kept encoded: no route (a route ends in `/`). */
const notFoundKey = 'not found';

/**
 * Serves a site as a static host would: clean URLs with trailing slashes, `.html` and
 * `index.html` paths redirected to them, the not-found page with status 404, correct MIME
 * types, and nothing outside the site's folders (traversal in any encoding is refused, and so
 * are symbolic links that lead out). Only GET and HEAD, and only for a Host that names this
 * server, which keeps pages of other sites (DNS rebinding) from reading it.
 */
export function createServer(options: ServerOptions): http.Server {
  const resolvers = [
    ...options.staticDirs.map((dir) => folderFiles(dir, options.dotfiles)),
    ...(options.publicFiles ? [options.publicFiles] : []),
  ];
  const fileHandlers = resolvers.map(staticFiles);
  const allowedHosts = options.allowedHosts ?? [];
  // Pages as sent (transformed, encoded), by route: a page read many times is encoded once.
  // Gzipped too, as static hosts send pages, when the client accepts it.
  const encoded = new LRUCache<string, { html: string; body: Buffer; gzip?: Buffer }>({ max: 64 });
  const bodyOf = (route: string, html: string, request: http.IncomingMessage): Encoded => {
    let known = encoded.get(route);
    if (known?.html !== html) {
      known = { html, body: Buffer.from(options.transformHtml ? options.transformHtml(html) : html) };
      encoded.set(route, known);
    }
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return { body: known.body };
    known.gzip ??= gzipSync(known.body);
    return { body: known.gzip, encoding: 'gzip' };
  };
  return http.createServer(async (request, response) => {
    try {
      if (!isAllowedHost(request.headers.host, allowedHosts)) {
        const hint = 'start the server with --allowed-host NAME to accept it';
        return sendText(
          response,
          403,
          `Blocked request: this server does not answer to the host ${JSON.stringify(request.headers.host ?? '')}; ${hint}.`,
        );
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.setHeader('Allow', 'GET, HEAD');
        return sendText(response, 405, 'Method not allowed');
      }
      if (await options.intercept?.(request, response)) return;
      // The target is parsed as a path on this origin, so that `//host/…` stays a path.
      const target = request.url ?? '/';
      let url = target.startsWith('/') ? new URL(`http://localhost${target}`) : undefined;
      // Under a base path (`/acme/`), as the site will be deployed: `/` leads to it, paths outside it are not found.
      const base = options.baseUrl?.() ?? '/';
      if (url && base !== '/') {
        const inside = withoutBase(base, url.pathname);
        if (inside === undefined) {
          if (url.pathname === '/') return redirect(response, base, url.search);
          return sendHtml(response, 404, bodyOf(notFoundKey, await options.pages.notFound(), request));
        }
        request.url = inside + url.search;
        url = new URL(`http://localhost${request.url}`);
      }
      const pathname = url && decodePath(url.pathname);
      if (!url || pathname === undefined) return sendText(response, 400, 'Bad request');
      const clean = cleanPath(collapseSlashes(url.pathname));
      if (clean !== url.pathname) return redirect(response, withBase(base, clean), url.search);
      if (pathname.endsWith('/')) {
        const html = await options.pages.page(pathname);
        // A page has no validator, so only `If-None-Match: *` (does it exist?) can find it fresh.
        if (html !== undefined && fresh(request.headers, {})) return void response.writeHead(304).end();
        if (html !== undefined) return sendHtml(response, 200, bodyOf(pathname, html, request));
      }
      for (const serveFile of fileHandlers) if (await serveFile(request, response)) return;
      if (!pathname.endsWith('/')) {
        const text = await options.pages.file?.(pathname);
        if (text !== undefined) return sendFile(response, pathname, text);
      }
      // A path without a trailing slash whose folder is a page gets the slash, as static hosts do.
      if (!pathname.endsWith('/') && (await options.pages.page(`${pathname}/`)) !== undefined) {
        return redirect(response, withBase(base, `${url.pathname}/`), url.search);
      }
      sendHtml(response, 404, bodyOf(notFoundKey, await options.pages.notFound(), request));
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`Internal error: ${(error as Error).message}`);
    }
  });
}

/** The pages of a built folder, as the server serves them. */
export function folderPages(dir: string): ServedPages {
  return {
    page: (route) => readFile(path.join(dir, route, 'index.html'), 'utf8').catch(() => undefined),
    notFound: () => readFile(path.join(dir, '404.html'), 'utf8').catch(() => 'Not found'),
  };
}

/**
 * The decoded path, or undefined when it is malformed or tries to leave the site: `..` segments
 * in plain, percent-encoded, double-encoded or backslash form, and NUL bytes.
 */
export function decodePath(pathname: string): string | undefined {
  let decoded = pathname;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next.includes('\0') || next.split(/[\\/]/).includes('..')) return undefined;
    if (next === decoded) break;
    decoded = next;
  }
  return decodeURIComponent(pathname);
}

interface Encoded {
  body: Buffer;
  encoding?: 'gzip';
}

/**
 * A redirect that stays on this site: the path's runs of slashes are collapsed first, since a
 * `Location` starting with `//` (from `/.//evil.example/index.html`) would send the reader off-site.
 */
function redirect(response: http.ServerResponse, pathname: string, search: string): void {
  response.writeHead(301, { Location: collapseSlashes(pathname) + search }).end();
}

function collapseSlashes(pathname: string): string {
  return pathname.replace(/\/{2,}/g, '/');
}

function sendText(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

function sendFile(response: http.ServerResponse, pathname: string, text: string): void {
  const body = Buffer.from(text);
  response
    .writeHead(200, { 'Content-Type': mimeType(pathname), 'Content-Length': body.length, 'Cache-Control': 'no-cache' })
    .end(body);
}

/** The MIME type of a generated file, with a charset for text. */
function mimeType(pathname: string): string {
  const type = lookup(pathname) ?? 'application/octet-stream';
  return /^text\/|json|xml|yaml|javascript/.test(type) ? `${type}; charset=utf-8` : type;
}

function sendHtml(response: http.ServerResponse, status: number, { body, encoding }: Encoded): void {
  response
    .writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    .end(body);
}
