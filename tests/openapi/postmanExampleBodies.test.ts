import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { postmanConverterFixes } from '../../bin/compileEngine.js';
import { bodilessExamplesWithoutErrors } from '../../src/openapi/postmanExampleBodies.ts';
import { postmanCollection } from '../../src/openapi/postmanCollection.ts';
import type { OpenApiDocument } from '../../src/openapi/openApiModel.ts';

const schemaUtilsFile = createRequire(import.meta.url).resolve('openapi-to-postmanv2/lib/schemaUtils.js');
// The converter's own module, the one its conversion calls (this test's imports are not compiled by bin/compileEngine.js).
const schemaUtils = createRequire(import.meta.url)(schemaUtilsFile);

const things = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1.0.0' },
  servers: [{ url: 'https://api.things.example' }],
  components: {
    requestBodies: {
      thing: {
        content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
      },
    },
  },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'The things.', content: { 'application/json': { example: [{ name: 'a' }] } } },
          '404': { description: 'None.' },
        },
      },
      post: {
        operationId: 'createThing',
        requestBody: { content: { 'application/json': { example: { name: 'b' } } } },
        responses: { '201': { description: 'The thing.' }, '400': { description: 'Wrong.' } },
      },
      put: {
        operationId: 'replaceThing',
        requestBody: { $ref: '#/components/requestBodies/thing' },
        responses: { '200': { description: 'The thing.' } },
      },
    },
  },
} as unknown as OpenApiDocument;

/** The collection converted from `things`, and how many of the converter's request-body conversions threw. */
async function converted(): Promise<{ text: string; thrown: number }> {
  const convertToPmBody = schemaUtils.convertToPmBody;
  let thrown = 0;
  schemaUtils.convertToPmBody = function (this: unknown, ...args: unknown[]) {
    try {
      return convertToPmBody.apply(this, args);
    } catch (error) {
      thrown++;
      throw error;
    }
  };
  try {
    const collection = await postmanCollection(structuredClone(things), 'openapi/things.yaml');
    return { text: JSON.stringify(collection, null, 2), thrown };
  } finally {
    schemaUtils.convertToPmBody = convertToPmBody;
  }
}

describe("the Postman converter's examples of operations without a request body", () => {
  it('get the same empty body without an error thrown and caught for each', async () => {
    const asPublished = await converted();
    // The two examples of the GET operation: the converter's own function throws for each.
    expect(asPublished.thrown).toBe(2);
    const convertToPmBody = schemaUtils.convertToPmBody;
    bodilessExamplesWithoutErrors(schemaUtils);
    try {
      const fixed = await converted();
      expect(fixed.thrown).toBe(0);
      expect(fixed.text).toBe(asPublished.text);
      const list = JSON.parse(fixed.text).item.find((item: any) => item.request.method === 'GET');
      expect(list.response.map((example: any) => example.originalRequest.body)).toEqual([{}, {}]);
    } finally {
      schemaUtils.convertToPmBody = convertToPmBody;
    }
  });

  it("is given to the installed converter's file by bin/compileEngine.js, and only to a file of the shape it was written for", () => {
    const source = readFileSync(schemaUtilsFile, 'utf8');
    const fixed = postmanConverterFixes['openapi-to-postmanv2/lib/schemaUtils.js'];
    expect(fixed(source)).toMatch(/\.bodilessExamplesWithoutErrors\(module\.exports\);\n$/);
    const withoutCatch = source.replace(
      /(catch \(e\) \{(?:\s*\/\/[^\n]*)*\s*thisOriginalRequest\.body = )\{\};/,
      '$1null;',
    );
    expect(withoutCatch).not.toBe(source);
    expect(fixed(withoutCatch)).toBeUndefined();
  });
});
