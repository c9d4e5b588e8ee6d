import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestedDescription, requestOf } from '../../src/openapi/descriptionFilesAhead.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-description-request-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the description a description's thread is given", () => {
  it('holds each file as the bytes it was read as, shared, not its text, and is the same description there', async () => {
    const file = path.join(dir, 'api.json');
    // Not all ASCII: its text would be two bytes a character in a copy.
    await writeFile(
      file,
      JSON.stringify({ openapi: '3.1.0', info: { title: 'Übersicht 支払い', version: '1' }, paths: {} }),
    );
    const api = await loadOpenApi(file);
    // What a thread receives: a structured clone.
    const received = structuredClone(requestOf(api, { imageHosts: [], root: dir }));
    const [sent] = received.api.files;
    expect('source' in sent).toBe(false);
    expect('shared' in sent && sent.shared.buffer instanceof SharedArrayBuffer).toBe(true);
    const there = requestedDescription(received);
    expect(there.files.map(({ file, source, digest, bytes }) => ({ file, source, digest, bytes }))).toEqual(
      api.files.map(({ file, source, digest, bytes }) => ({ file, source, digest, bytes })),
    );
    expect(there.document).toEqual(api.document);
  });
});
