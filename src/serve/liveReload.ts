import type http from 'node:http';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { engineRoot } from '../engineRoot.ts';
import { DocsgenError, DocsgenErrors, formatLocation } from '../errors.ts';
import { codeFrame } from './codeFrame.ts';

const eventsPath = '/__docsgen/events';
const clientPath = '/__docsgen/client.js';

/**
 * Live reload over server-sent events: open pages learn which routes changed (and reload if
 * theirs did) or that the last change broke the build (and show it in an overlay).
 */
export class LiveReload {
  private readonly clients = new Set<http.ServerResponse>();
  private currentError: DocsgenError | undefined;

  private constructor(
    private readonly clientCode: string,
    /** The project, whose files the overlay names relative to it. */
    private readonly root: string,
  ) {}

  static async create(root: string): Promise<LiveReload> {
    const result = await esbuild.build({
      entryPoints: [path.join(engineRoot, 'src/client/dev/liveReloadClient.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      logLevel: 'silent',
    });
    return new LiveReload(result.outputFiles[0].text, root);
  }

  /** Answers the event stream and the client script; false for any other request. */
  handle = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname === clientPath) {
      response
        .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
        .end(this.clientCode);
      return true;
    }
    if (pathname !== eventsPath) return false;
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    if (this.currentError) response.write(event('build-error', errorPayload(this.currentError, this.root)));
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
    return true;
  };

  /** Adds the client script to a served page. */
  inject = (html: string): string =>
    html.replace('</body>', `<script type="module" src="${clientPath}"></script></body>`);

  reload(routes: string[] | '*'): void {
    this.currentError = undefined;
    this.broadcast(event('build-ok', {}));
    this.broadcast(event('reload', routes));
  }

  error(error: DocsgenError): void {
    this.currentError = error;
    this.broadcast(event('build-error', errorPayload(error, this.root)));
  }

  get hasError(): boolean {
    return this.currentError !== undefined;
  }

  get clientCount(): number {
    return this.clients.size;
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(data: string): void {
    for (const client of this.clients) client.write(data);
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What the overlay shows of an error, its files relative to the project as the terminal prints them. */
function errorPayload(error: DocsgenError, root: string) {
  return {
    message: error instanceof DocsgenErrors ? error.format(root) : error.message,
    location: error.location ? formatLocation(error.location, root) : undefined,
    excerpt: error.excerpt?.trim(),
    frame: error.location ? codeFrame(error.location) : undefined,
  };
}
