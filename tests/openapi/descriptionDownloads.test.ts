import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsYaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { descriptionDownloads } from '../../src/openapi/descriptionFiles.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-downloads-'));
});

/** A description folder holding these files (paths relative to it); its root is `root`. */
async function description(root: string, files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'api-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
  return path.join(folder, root);
}

const document = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1.0.0' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } } },
      },
    },
  },
};

/** What a reader gets from each download (its text, decoded from the bytes written): the YAML one read as YAML only, the JSON one as JSON. */
async function downloadsOf(file: string) {
  const bytes = await descriptionDownloads(await loadOpenApi(file));
  const [yaml, json] = [bytes.yaml, bytes.json].map((file) => new TextDecoder('utf-8', { fatal: true }).decode(file));
  return { yaml, json, fromYaml: jsYaml.load(yaml, { schema: jsYaml.CORE_SCHEMA }), fromJson: JSON.parse(json) };
}

describe('the downloads "OpenAPI (YAML)" and "OpenAPI (JSON)"', () => {
  it('are YAML and JSON when the description is written in JSON', async () => {
    const { yaml, fromYaml, fromJson } = await downloadsOf(
      await description('openapi.json', { 'openapi.json': JSON.stringify(document) }),
    );
    // YAML 1.2 reads JSON too: the YAML download must be YAML's own block style, not the JSON as written.
    expect(yaml.startsWith('openapi: 3.0.3\n')).toBe(true);
    expect(yaml).not.toContain('{');
    expect(fromYaml).toEqual(document);
    expect(fromJson).toEqual(document);
  });

  it('are the file as written and JSON when the description is one YAML file', async () => {
    const written = `# Things, as written.\n${jsYaml.dump(document)}`;
    const { yaml, fromJson } = await downloadsOf(await description('openapi.yaml', { 'openapi.yaml': written }));
    expect(yaml).toBe(written);
    expect(fromJson).toEqual(document);
  });

  it('are one file each when the description is written in many, with no $ref to another file', async () => {
    const { yaml, json, fromYaml, fromJson } = await downloadsOf(
      await description('openapi.yaml', {
        'openapi.yaml':
          "openapi: 3.0.3\ninfo: { title: Things, version: 1.0.0 }\npaths:\n  /things:\n    $ref: './paths/things.yaml'\n",
        'paths/things.yaml':
          "get:\n  operationId: listThings\n  responses:\n    '200': { description: OK, content: { application/json: { schema: { $ref: '../schemas/Thing.yaml' } } } }\n",
        'schemas/Thing.yaml': 'type: string\n',
      }),
    );
    expect(`${yaml}${json}`).not.toMatch(/\.yaml/);
    expect(fromYaml).toEqual(fromJson);
    expect(fromJson.paths['/things'].get.operationId).toBe('listThings');
    expect(fromJson.components.schemas.Thing).toEqual({ type: 'string' });
  });
});
