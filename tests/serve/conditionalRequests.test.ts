import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderPages, createServer } from '../../src/serve/createServer.ts';

const text = 'abcdefghijklmnopqrstuvwxyz';
let dir: string;
let server: http.Server;
let base: string;

function get(
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${target}`, { headers }, (response) => {
        let body = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk) => (body += chunk))
          .on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-ranges-'));
  await writeFile(path.join(dir, 'letters.txt'), text);
  await mkdir(path.join(dir, 'docs'));
  await writeFile(path.join(dir, 'docs/index.html'), '<!doctype html><title>Docs</title>');
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  server = createServer({ pages: folderPages(dir), staticDirs: [dir] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

// RFC 9110 §14.1.2 (byte ranges) and §13.1.2 (If-None-Match).
describe('ranges and conditional requests', () => {
  it.each([
    ['bytes=-5', 'vwxyz', 'bytes 21-25/26'],
    ['bytes=0-4', 'abcde', 'bytes 0-4/26'],
    ['bytes=24-', 'yz', 'bytes 24-25/26'],
    ['bytes=20-99', 'uvwxyz', 'bytes 20-25/26'],
  ])('answers Range: %s with those bytes', async (range, body, contentRange) => {
    const answer = await get('/letters.txt', { range });
    expect([answer.status, answer.body, answer.headers['content-range']]).toEqual([206, body, contentRange]);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const answer = await get('/letters.txt', { range: 'bytes=30-40' });
    expect([answer.status, answer.headers['content-range']]).toEqual([416, 'bytes */26']);
  });

  it.each(['/letters.txt', '/docs/'])('answers If-None-Match: * on %s, which exists, with 304', async (target) => {
    const answer = await get(target, { 'if-none-match': '*' });
    expect([answer.status, answer.body]).toEqual([304, '']);
  });

  it('answers a file whose ETag the client has with 304, and another tag with the file', async () => {
    const { headers } = await get('/letters.txt', {});
    expect((await get('/letters.txt', { 'if-none-match': headers.etag! })).status).toBe(304);
    expect(await get('/letters.txt', { 'if-none-match': '"other"' })).toMatchObject({ status: 200, body: text });
  });

  it('answers If-None-Match: * on a missing path with the not-found page', async () => {
    expect((await get('/missing.txt', { 'if-none-match': '*' })).status).toBe(404);
  });
});
