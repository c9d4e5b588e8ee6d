import { cp, mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheSet } from '../../src/cache/cacheSet.ts';
import { DocsgenError } from '../../src/errors.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { locatedError } from '../../src/openapi/openApiModel.ts';
import { parsedDescriptionCacheName, parsedDescriptionKey } from '../../src/openapi/parsedDescriptionCache.ts';
import { hashOf } from '../../src/cache/renderCache.ts';

/** The files js-yaml was asked to parse, in order. */
const parsed = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('../../src/yaml/loadYaml.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/yaml/loadYaml.ts')>();
  return {
    ...original,
    loadYaml: (source: string, file: string) => (
      parsed.files.push(path.basename(file)),
      original.loadYaml(source, file)
    ),
  };
});

let dir: string;
let folder: string;
let root: string;
let cacheDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-parsed-cache-'));
  folder = path.join(dir, 'openapi');
  cacheDir = path.join(dir, '.docsgen-cache');
  await mkdir(path.join(folder, 'schemas'), { recursive: true });
  root = path.join(folder, 'openapi.yaml');
  await writeFile(
    root,
    `openapi: 3.1.0
info: { title: T, version: 1.0.0, description: { $ref: './intro.md' } }
paths:
  /things:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: 'schemas/thing.yaml#/Thing' }
`,
  );
  await writeFile(path.join(folder, 'intro.md'), 'An introduction.\n');
  await writeFile(
    path.join(folder, 'schemas/thing.yaml'),
    'Thing:\n  type: object\n  properties:\n    name: { type: string }\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Loads the description with the cache, and says which files js-yaml parsed for it. */
async function load() {
  parsed.files.length = 0;
  const model = await loadOpenApi(root, { dir: cacheDir, root: dir });
  return { model, parsed: [...parsed.files] };
}

const thingSchema = (model: Awaited<ReturnType<typeof loadOpenApi>>) =>
  (model.parts['schemas/thing.yaml'] as any).Thing.properties;

describe('a description kept parsed in the cache', () => {
  it('is parsed once, then read from the cache with the same model, its errors still located', async () => {
    const cold = await load();
    expect(cold.parsed.sort()).toEqual(['openapi.yaml', 'thing.yaml']);
    const warm = await load();
    expect(warm.parsed).toEqual([]);
    expect(warm.model).toEqual(cold.model);
    expect(warm.model.document.info.description).toBe('An introduction.\n');
    // Positions are worked out from the sources only when an error needs one.
    const error = locatedError(warm.model, 'schemas/thing.yaml', '/Thing/properties/name', 'a problem');
    expect(error.format()).toMatch(/thing\.yaml:4:11: a problem/);
  });

  it('is kept for the project checked out at another path (a CI clone with its cache), with the same signature', async () => {
    const cold = await load();
    const clone = await mkdtemp(path.join(os.tmpdir(), 'docsgen-parsed-clone-'));
    try {
      await cp(dir, clone, { recursive: true });
      parsed.files.length = 0;
      const moved = await loadOpenApi(path.join(clone, 'openapi/openapi.yaml'), {
        dir: path.join(clone, '.docsgen-cache'),
        root: clone,
      });
      expect(parsed.files).toEqual([]);
      expect(moved.signature).toBe(cold.model.signature);
      expect(moved.file).toBe(path.join(clone, 'openapi/openapi.yaml'));
      expect(moved.document).toEqual(cold.model.document);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });

  it("sees an edit to a $ref'd file (and to a text file)", async () => {
    await writeFile(
      path.join(folder, 'schemas/thing.yaml'),
      'Thing:\n  type: object\n  properties:\n    name: { type: string }\n    size: { type: integer }\n',
    );
    const edited = await load();
    expect(edited.parsed.sort()).toEqual(['openapi.yaml', 'thing.yaml']);
    expect(Object.keys(thingSchema(edited.model))).toEqual(['name', 'size']);
    expect((await load()).parsed).toEqual([]);
    await writeFile(path.join(folder, 'intro.md'), 'Another introduction.\n');
    const text = await load();
    expect(text.parsed.length).toBe(2);
    expect(text.model.document.info.description).toBe('Another introduction.\n');
  });

  it('never keeps a description with a mistake: it is parsed and reported every time', async () => {
    await writeFile(path.join(folder, 'schemas/thing.yaml'), 'Other:\n  type: string\n');
    for (let attempt = 0; attempt < 2; attempt++) {
      parsed.files.length = 0;
      const error = await loadOpenApi(root, { dir: cacheDir, root: dir }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(DocsgenError);
      expect((error as DocsgenError).format()).toMatch(
        /openapi\.yaml:11:31: cannot resolve .*schemas\/thing\.yaml#\/Thing/,
      );
      expect(parsed.files.length).toBe(2);
    }
    await writeFile(path.join(folder, 'schemas/thing.yaml'), 'Thing:\n  type: object\n');
  });

  it('takes a damaged entry for a miss', async () => {
    await load();
    expect((await load()).parsed).toEqual([]);
    // An entry of the wrong shape (its bytes intact): parsed again, and the right model returned.
    const { readFile } = await import('node:fs/promises');
    const caches = cacheSet({ cacheDir });
    await caches
      .cache<object>(parsedDescriptionCacheName, 1)
      .set(parsedDescriptionKey('openapi/openapi.yaml', hashOf(await readFile(root, 'utf8'))), {
        files: 'nonsense',
        document: [],
      });
    caches.close();
    const wrongShape = await load();
    expect(wrongShape.parsed.length).toBe(2);
    expect(thingSchema(wrongShape.model)).toBeUndefined();
    expect((wrongShape.model.parts['schemas/thing.yaml'] as any).Thing.type).toBe('object');
    // Damaged bytes in the pack files.
    expect((await load()).parsed).toEqual([]);
    const packs = path.join(cacheDir, parsedDescriptionCacheName);
    for (const file of await readdir(packs, { recursive: true })) {
      const full = path.join(packs, file);
      if ((await stat(full)).isFile()) await truncate(full, Math.floor((await stat(full)).size / 2));
    }
    const truncated = await load();
    expect(truncated.parsed.length).toBe(2);
    expect(truncated.model).toEqual(wrongShape.model);
    expect((await load()).parsed).toEqual([]);
  });
});
