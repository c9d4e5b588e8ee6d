import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignImageWarnings } from '../../src/openapi/descriptionImages.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-description-images-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('images in descriptions from origins the config does not list', () => {
  it('are warned about in the order they are written, each at its description', async () => {
    const image = (name: string) => `![${name}](https://img.fixture.example/${name}.png)`;
    // A JSON description, as GitHub's is: each object on its own line, so lines tell the order.
    const description = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1', description: image('first') },
      paths: {
        '/things': { get: { description: image('second'), responses: { 200: { description: image('third') } } } },
      },
      components: { schemas: { Thing: { type: 'object', description: image('fourth') } } },
    };
    const file = path.join(dir, 'api.json');
    await writeFile(file, JSON.stringify(description, null, 2));
    const warnings = foreignImageWarnings(await loadOpenApi(file), [], dir);
    expect(
      warnings.map((warning) => /^api\.json:(\d+):\d+: .*\/(\w+)\.png$/.exec(warning.split('\n')[0])?.slice(1)),
    ).toEqual([
      ['6', 'first'],
      ['11', 'second'],
      ['14', 'third'],
      ['24', 'fourth'],
    ]);
  });

  it('are warned about once for a node that YAML aliases share, at its first place, and located under keys that need escaping', async () => {
    const file = path.join(dir, 'api.yaml');
    await writeFile(
      file,
      [
        'openapi: 3.1.0',
        'info: { title: T, version: "1" }',
        'paths:',
        '  /things/{id}:',
        '    get:',
        '      responses:',
        '        "200": &shared',
        '          description: "![shared](https://img.fixture.example/shared.png)"',
        '        "404": *shared',
        '  /a~b:',
        '    get:',
        '      responses:',
        '        "200": *shared',
        '        "500": { description: "<img src=https://img.fixture.example/own.png>" }',
        '',
      ].join('\n'),
    );
    const warnings = foreignImageWarnings(await loadOpenApi(file), [], dir);
    expect(
      warnings.map((warning) => /^api\.yaml:(\d+):\d+: .*\/(\w+)\.png$/.exec(warning.split('\n')[0])?.slice(1)),
    ).toEqual([
      ['8', 'shared'],
      ['14', 'own'],
    ]);
  });
});
