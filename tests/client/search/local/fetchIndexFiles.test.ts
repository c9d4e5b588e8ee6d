import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchIndexFiles } from '../../../../src/client/search/local/fetchIndexFiles.ts';

const file = Uint8Array.from({ length: 100 }, (_, index) => index);
/** Requests the server answered, as `mode name range`. */
const log: string[] = [];
let server: Server;
let base: string;

/** Serves `file` under /<mode>/r0.bin: `ranges` honours Range (206), `whole` ignores it (200), `other` answers another range. */
beforeAll(async () => {
  server = createServer((request, response) => {
    const [, mode, name] = request.url!.split('/');
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    log.push(`${mode} ${name} ${request.headers.range ?? 'whole'}`);
    if (mode === 'missing') return void response.writeHead(404).end();
    if (!range || mode === 'whole') return void response.writeHead(200).end(file);
    const [start, end] = mode === 'other' ? [0, 9] : [Number(range[1]), Number(range[2])];
    response
      .writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${file.length}` })
      .end(file.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const expected = (offset: number, length: number) => [...file.subarray(offset, offset + length)];

describe('fetchIndexFiles', () => {
  it('reads a range with a range request (206)', async () => {
    const files = fetchIndexFiles(`${base}ranges/`);
    expect([...(await files.bytes('r0.bin', { offset: 10, length: 5 }))]).toEqual(expected(10, 5));
    expect([...(await files.bytes('r0.bin'))]).toEqual([...file]);
    expect(log.filter((line) => line.startsWith('ranges'))).toEqual([
      'ranges r0.bin bytes=10-14',
      'ranges r0.bin whole',
    ]);
  });

  it('cuts the range from a file a server sent whole (200), and every later range of it, fetching it once', async () => {
    const files = fetchIndexFiles(`${base}whole/`);
    expect([...(await files.bytes('r0.bin', { offset: 20, length: 7 }))]).toEqual(expected(20, 7));
    expect([...(await files.bytes('r0.bin', { offset: 90, length: 10 }))]).toEqual(expected(90, 10));
    const [a, b] = await Promise.all([
      files.bytes('r0.bin', { offset: 0, length: 3 }),
      files.bytes('r0.bin', { offset: 50, length: 4 }),
    ]);
    expect([[...a], [...b]]).toEqual([expected(0, 3), expected(50, 4)]);
    expect(log.filter((line) => line.startsWith('whole'))).toEqual(['whole r0.bin bytes=20-26']);
  });

  it('rejects a range past the end of a file sent whole, another range than asked, and a failed fetch', async () => {
    await expect(fetchIndexFiles(`${base}whole/`).bytes('r1.bin', { offset: 95, length: 10 })).rejects.toThrow(
      /r1\.bin is shorter than its offsets table says/,
    );
    await expect(fetchIndexFiles(`${base}other/`).bytes('r0.bin', { offset: 40, length: 5 })).rejects.toThrow(
      /answered another range than bytes 40-44/,
    );
    await expect(fetchIndexFiles(`${base}missing/`).bytes('r0.bin', { offset: 0, length: 5 })).rejects.toThrow(
      /answered 404/,
    );
  });
});
