/**
 * A local stand-in for the hosted search service, speaking its REST wire protocol on several
 * 127.0.0.1 ports (one per "host"), with faults injected per host. Queries are answered by the
 * local index engine over the records the service holds; writes (settings, batch, copy/move,
 * tasks) follow the service's documented responses, so algoliasearch's own helpers run against it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { createIndexReader } from '../../src/client/search/local/indexReader.ts';
import { indexFiles } from '../helpers/indexFiles.ts';
import { searchLocalIndex } from '../../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest } from '../../src/client/search/searchParams.ts';

export type Fault =
  | { kind: 'none' }
  /** Reads the request and never answers (the client's timeout fires). */
  | { kind: 'hang' }
  /** Answers after a delay (no headers before: the client's connect timer runs). */
  | { kind: 'slow'; ms: number }
  /** Sends the headers at once and the body after a delay (the client's read timer runs). */
  | { kind: 'slow-body'; ms: number }
  | { kind: 'status'; status: number }
  /** 200 with a body that is not JSON. */
  | { kind: 'not-json' }
  /** Nothing listens on the port: connections are refused. */
  | { kind: 'refused' }
  /** Answers every query with these hits, whatever they hold, as a hostile or spoofed service could. */
  | { kind: 'hits'; hits: unknown[] };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeHost {
  url: string;
  port: number;
  fault: Fault;
  requests: RecordedRequest[];
}

export interface FakeAlgolia {
  hosts: FakeHost[];
  urls: string[];
  /** Records per index name. */
  indices: Map<string, SearchRecord[]>;
  settings: Map<string, Record<string, unknown>>;
  /** Every request, in order, with the host that got it. */
  log: { host: number; request: RecordedRequest }[];
  setFault(host: number, fault: Fault): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  hosts?: number;
  appId: string;
  searchKey: string;
  adminKey?: string;
  indices?: Record<string, SearchRecord[]>;
}

export async function startFakeAlgolia(options: Options): Promise<FakeAlgolia> {
  const indices = new Map(Object.entries(options.indices ?? {}));
  const settings = new Map<string, Record<string, unknown>>();
  const log: FakeAlgolia['log'] = [];
  const engines = new Map<string, { records: SearchRecord[]; reader: ReturnType<typeof createIndexReader> }>();
  let taskID = 0;

  const engineFor = (name: string) => {
    const records = indices.get(name) ?? [];
    const known = engines.get(name);
    if (known?.records === records) return known.reader;
    const index = buildLocalIndex(records, { basePath: '/' });
    const reader = createIndexReader(
      index.manifest,
      indexFiles((file) => index.files.get(file)!),
    );
    engines.set(name, { records, reader });
    return reader;
  };

  const credentials = (request: IncomingMessage, query: URLSearchParams) => ({
    appId: query.get('x-algolia-application-id') ?? request.headers['x-algolia-application-id'],
    key: query.get('x-algolia-api-key') ?? request.headers['x-algolia-api-key'],
  });

  async function answer(request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest): Promise<void> {
    const send = (status: number, body: unknown) => {
      if (!response.headersSent) response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const { appId, key } = credentials(request, recorded.query);
    if (appId !== options.appId || (key !== options.searchKey && key !== options.adminKey)) {
      return send(403, { message: 'Invalid Application-ID or API key', status: 403 });
    }
    const path = recorded.path;
    if (request.method === 'POST' && path === '/1/indexes/*/queries') {
      const { requests } = recorded.body as {
        requests: ({ indexName: string; query?: string; params?: string } & Record<string, unknown>)[];
      };
      const results = await Promise.all(
        requests.map((one) => searchLocalIndex(engineFor(one.indexName), readSearchRequest(one))),
      );
      return send(200, { results: results.map((result, i) => ({ ...result, params: requests[i].params ?? '' })) });
    }
    if (key !== options.adminKey) return send(403, { message: 'Method not allowed with this API key', status: 403 });
    const indexPath = /^\/1\/indexes\/([^/]+)\/(settings|batch|operation|task\/(\d+))$/.exec(path);
    if (!indexPath) return send(404, { message: `Path ${path} not found`, status: 404 });
    const name = decodeURIComponent(indexPath[1]);
    const body = recorded.body as Record<string, any>;
    const task = () => ({ taskID: ++taskID, updatedAt: new Date().toISOString() });
    if (indexPath[2] === 'settings' && request.method === 'PUT') {
      settings.set(name, { ...settings.get(name), ...body });
      return send(200, task());
    }
    if (indexPath[2] === 'batch' && request.method === 'POST') {
      const added = (body.requests as { action: string; body: SearchRecord }[])
        .filter((one) => one.action === 'addObject')
        .map((one) => one.body);
      indices.set(name, [...(indices.get(name) ?? []), ...added]);
      return send(200, { ...task(), objectIDs: added.map((record) => record.objectID) });
    }
    if (indexPath[2] === 'operation' && request.method === 'POST') {
      const destination = body.destination as string;
      if (body.operation === 'copy') {
        if (!body.scope || body.scope.includes('settings')) settings.set(destination, { ...settings.get(name) });
        if (!body.scope) indices.set(destination, [...(indices.get(name) ?? [])]);
      } else if (body.operation === 'move') {
        indices.set(destination, indices.get(name) ?? []);
        settings.set(destination, settings.get(name) ?? {});
        indices.delete(name);
        settings.delete(name);
      }
      return send(200, task());
    }
    if (indexPath[3] && request.method === 'GET') return send(200, { status: 'published', pendingTask: false });
    return send(404, { message: 'Not found', status: 404 });
  }

  const hosts: FakeHost[] = [];
  const servers: (Server | undefined)[] = [];
  const listen = (index: number, port = 0) =>
    new Promise<Server>((resolve) => {
      const server = createServer((request, response) => void handle(index, request, response));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });

  async function handle(index: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let raw = Buffer.concat(chunks);
    if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      });
      return void response.end();
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: raw.length ? JSON.parse(raw.toString()) : undefined,
    };
    const host = hosts[index];
    host.requests.push(recorded);
    log.push({ host: index, request: recorded });
    const fault = host.fault;
    if (fault.kind === 'hang') return;
    if (fault.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault.kind === 'slow-body') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.flushHeaders();
      await new Promise((resolve) => setTimeout(resolve, fault.ms));
    }
    if (fault.kind === 'status') {
      response.writeHead(fault.status, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ message: `Injected status ${fault.status}`, status: fault.status }));
    }
    if (fault.kind === 'not-json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end('not json at all');
    }
    if (fault.kind === 'hits') {
      const { hits } = fault;
      response.writeHead(200, { 'content-type': 'application/json' });
      const result = {
        hits,
        nbHits: hits.length,
        page: 0,
        nbPages: 1,
        hitsPerPage: 20,
        query: '',
        params: '',
        queryID: '0'.repeat(32),
      };
      return void response.end(JSON.stringify({ results: [result] }));
    }
    await answer(request, response, recorded);
  }

  for (let i = 0; i < (options.hosts ?? 3); i++) {
    const server = await listen(i);
    const port = (server.address() as AddressInfo).port;
    servers.push(server);
    hosts.push({ url: `http://127.0.0.1:${port}`, port, fault: { kind: 'none' }, requests: [] });
  }

  const closeServer = (server: Server | undefined) =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    hosts,
    urls: hosts.map((host) => host.url),
    indices,
    settings,
    log,
    async setFault(index, fault) {
      const host = hosts[index];
      // A refused connection needs nothing listening on the port; any other fault needs a server.
      if (fault.kind === 'refused' && servers[index]) {
        await closeServer(servers[index]);
        servers[index] = undefined;
      } else if (fault.kind !== 'refused' && !servers[index]) {
        servers[index] = await listen(index, host.port);
      }
      host.fault = fault;
    },
    async close() {
      await Promise.all(servers.map(closeServer));
    },
  };
}
