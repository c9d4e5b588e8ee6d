import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ApiReferenceData } from '../../src/model/apiReference.ts';
import { buildApiReference, type ReferenceOptions } from '../../src/openapi/buildReference.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import type { RenderFragment } from '../../src/openapi/operationParts.ts';

/** Markdown left as written: what a test of the reference's structure reads most easily. */
const asWritten: RenderFragment = async (markdown) => markdown;

/**
 * The reference docsgen builds from the description at `file`, with no downloads and the Markdown left as written
 * unless `render` is given.
 */
export async function referenceOf(
  file: string,
  { render = asWritten, ...options }: Partial<ReferenceOptions> & { render?: RenderFragment } = {},
): Promise<ApiReferenceData> {
  return (await buildApiReference(await loadOpenApi(file), render, { downloads: [], ...options })).reference;
}

/**
 * For a test file that writes its own descriptions: a temporary folder, made before its tests and removed after
 * them (call at the top level), and a function that writes YAML to a file there and gives the file's path.
 */
export function descriptionWriter(prefix: string): (yaml: string, name?: string) => Promise<string> {
  let dir: string;
  let written = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return async (yaml, name = `description-${++written}.yaml`) => {
    const file = path.join(dir, name);
    await writeFile(file, yaml);
    return file;
  };
}
