import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  baseUrl: string;
  /** How many requests were sent with this `Authorization` header so far. */
  requestsWith(authorization: string): number;
  close(): Promise<void>;
}

// Headers that describe one hop, not the message; fetch sets its own.
const hopHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

function forwardable(headers: IncomingHttpHeaders | Headers): [string, string][] {
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers).map(([name, value]) => [name, String(value)]);
  return entries.filter(([name]) => !hopHeaders.has(name.toLowerCase())) as [string, string][];
}

/**
 * Passes every request through to `targetUrl` and counts them by `Authorization` header, so a test
 * can tell whether a webhook receiver called the API for a delivery.
 */
export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  const counts = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const authorization = req.headers.authorization ?? '';
    counts.set(authorization, (counts.get(authorization) ?? 0) + 1);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const answer = await fetch(`${targetUrl}${req.url ?? '/'}`, {
        method: req.method,
        headers: forwardable(req.headers),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      });
      res.writeHead(answer.status, Object.fromEntries(forwardable(answer.headers)));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${(error as Error).message}`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requestsWith: (authorization) => counts.get(authorization) ?? 0,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
