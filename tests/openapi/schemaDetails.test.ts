import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { buildApiReference } from '../../src/openapi/buildReference.ts';
import { AllowedValues } from '../../templates/api/AllowedValues.tsx';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-schema-details-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('schema details of real descriptions', () => {
  it('say that a 3.0 `nullable` value may be null, and which property names a discriminated option', async () => {
    const file = path.join(dir, 'api.yaml');
    await writeFile(
      file,
      `openapi: 3.0.3
info: { title: T, version: 1.0.0 }
paths: {}
components:
  schemas:
    Pet:
      oneOf:
        - { $ref: '#/components/schemas/Cat' }
        - { $ref: '#/components/schemas/Dog' }
      discriminator: { propertyName: kind }
    Cat:
      type: object
      properties:
        kind: { type: string }
        nickname: { type: string, nullable: true }
    Dog:
      type: object
      properties:
        kind: { type: string }
`,
    );
    const { reference } = await buildApiReference(await loadOpenApi(file), async (markdown) => markdown, {
      downloads: [],
    });
    const schema = (name: string) => reference.schemas.find((each) => each.name === name)!.node;
    expect(schema('Cat').children.find((child) => child.name === 'nickname')!.type).toBe('string | null');
    expect(schema('Pet').constraints).toContain('the option is named by its kind property');
  });

  it('fold a long list of allowed values after its first ten, and leave a short one as it was', () => {
    const values = Array.from({ length: 40 }, (_, index) => JSON.stringify(`event_${index}`));
    const long = renderToStaticMarkup(createElement(AllowedValues, { values }));
    const [shown, folded] = long.split('<details');
    expect(shown.match(/class="schema__enum"/g)).toHaveLength(10);
    expect(folded).toContain('<summary>30 more values</summary>');
    expect(folded.match(/class="schema__enum"/g)).toHaveLength(30);
    const short = renderToStaticMarkup(createElement(AllowedValues, { values: values.slice(0, 14) }));
    expect(short).toMatch(/^<p class="schema__meta">Allowed: <code/);
    expect(short).not.toContain('<details');
  });
});
