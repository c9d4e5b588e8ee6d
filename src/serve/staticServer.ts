import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';

export interface StaticServerOptions {
  dir: string;
  port: number;
  host: string;
  /** Extra handler tried first (live reload events); returns true when it answered. */
  intercept?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
  /** Rewrites HTML before it is sent (the live-reload client in watch mode). */
  transformHtml?: (html: string) => string;
}

/**
 * Serves a built site as a static host would: clean URLs with trailing slashes, `.html` and
 * `index.html` paths redirected to them, the 404 page with status 404, and nothing outside
 * the site folder (sirv normalises and confines every path).
 */
export function createStaticServer(options: StaticServerOptions): http.Server {
  const serveFile = sirv(options.dir, { dev: true, etag: true, dotfiles: false, extensions: [] });
  return http.createServer(async (request, response) => {
    if (options.intercept?.(request, response)) return;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathname = safeDecode(url.pathname);
    if (pathname === undefined || pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    const clean = cleanPath(url.pathname);
    if (clean !== url.pathname) {
      response.writeHead(301, { Location: clean + url.search }).end();
      return;
    }
    if (url.pathname.endsWith('/')) {
      const file = path.join(options.dir, pathname, 'index.html');
      const html = await readFile(file, 'utf8').catch(() => undefined);
      if (html !== undefined) {
        sendHtml(response, 200, options.transformHtml ? options.transformHtml(html) : html);
        return;
      }
    }
    serveFile(request, response, async () => {
      // A path without a trailing slash whose folder is a page gets the slash, as static hosts do.
      const asFolder = await readFile(path.join(options.dir, pathname, 'index.html'), 'utf8').catch(() => undefined);
      if (asFolder !== undefined && !url.pathname.endsWith('/')) {
        response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      const notFound = await readFile(path.join(options.dir, '404.html'), 'utf8').catch(() => 'Not found');
      sendHtml(response, 404, options.transformHtml ? options.transformHtml(notFound) : notFound);
    });
  });
}

/** `/docs/faq.html` → `/docs/faq/`, `/docs/index.html` → `/docs/`; other paths unchanged. */
export function cleanPath(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html') && pathname !== '/404.html') return `${pathname.slice(0, -'.html'.length)}/`;
  return pathname;
}

function safeDecode(pathname: string): string | undefined {
  try {
    let decoded = decodeURIComponent(pathname);
    // Double-encoded traversal (%252e%252e) must not slip through a second decode elsewhere.
    if (/%[0-9a-f]{2}/i.test(decoded)) decoded = decodeURIComponent(decoded);
    return decoded;
  } catch {
    return undefined;
  }
}

function sendHtml(response: http.ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html);
}
