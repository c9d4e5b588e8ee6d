import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  /** `GET /bundles/…/` */
  request: string;
  /** The request's headers, as the proxy received them. */
  headers: IncomingHttpHeaders;
  status: number;
}

export interface ApiProxy {
  baseUrl: string;
  /** The API requests sent with this `Authorization` header so far, and the mock's answers. */
  exchangesOf(authorization: string): Exchange[];
  /** Every request so far, in order. */
  allExchanges(): Exchange[];
  close(): Promise<void>;
}

export interface ApiProxyOptions {
  /** The mock of the API that requests are passed to. */
  mockUrl: string;
  /** The API's real base URL, which the mock's answers carry in links (`x-next`) and is replaced by the proxy's. */
  apiBase: string;
  /** What a download from any other `.example` host in the mock's answers (a bundle's `file_url`) returns. */
  download: { body: Buffer; contentType: string };
}

// Headers that describe one hop, not the message; fetch sets its own.
const hopHeaders = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'content-encoding',
]);
const downloadsPath = '/__downloads/';
const exampleOrigin = /https:\/\/([a-z0-9.-]+\.example)\//g;

function forwardable(headers: IncomingHttpHeaders | Headers): [string, string][] {
  const entries =
    headers instanceof Headers ? [...headers] : Object.entries(headers).map(([name, value]) => [name, String(value)]);
  return entries.filter(([name]) => !hopHeaders.has(name.toLowerCase())) as [string, string][];
}

/**
 * Stands in for the API's hosts while samples run: passes API requests to the mock and records them
 * by `Authorization` header with the mock's answers (so a test can tell what a sample or a webhook
 * receiver asked and got), points
 * the links in the mock's answers back at itself, and serves the files those answers link to.
 */
export async function startApiProxy({ mockUrl, apiBase, download }: ApiProxyOptions): Promise<ApiProxy> {
  const exchanges = new Map<string, Exchange[]>();
  const all: Exchange[] = [];
  let baseUrl = '';
  const relink = (text: string): string =>
    text.replaceAll(apiBase, baseUrl).replace(exampleOrigin, (_, host: string) => `${baseUrl}${downloadsPath}${host}/`);

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url?.startsWith(downloadsPath)) {
      res.writeHead(200, { 'content-type': download.contentType }).end(download.body);
      return;
    }
    const exchange = { request: `${req.method} ${req.url}`, headers: req.headers, status: 0 };
    all.push(exchange);
    const authorization = req.headers.authorization ?? '';
    exchanges.set(authorization, [...(exchanges.get(authorization) ?? []), exchange]);
    try {
      const answer = await fetch(`${mockUrl}${req.url ?? '/'}`, {
        method: req.method,
        headers: forwardable(req.headers),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      });
      const isText = /json|text/.test(answer.headers.get('content-type') ?? '');
      const body = Buffer.from(await answer.arrayBuffer());
      exchange.status = answer.status;
      res.writeHead(
        answer.status,
        Object.fromEntries(forwardable(answer.headers).map(([name, value]) => [name, relink(value)])),
      );
      res.end(isText ? relink(body.toString()) : body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${(error as Error).message}`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    exchangesOf: (authorization) => exchanges.get(authorization) ?? [],
    allExchanges: () => [...all],
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
