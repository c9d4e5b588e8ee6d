import { afterEach, describe, expect, it, vi } from 'vitest';
import { postmanCollection } from '../../src/openapi/postmanCollection.ts';
import type { OpenApiDocument } from '../../src/openapi/openApiModel.ts';
import { DocsgenError } from '../../src/errors.ts';

// Schemas without an example, which the converter fills with values it makes up: numbers, an enum,
// a boolean, dates, and open objects (whose keys it makes up too), in a request and in a response.
const withoutExamples = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1.0.0' },
  servers: [{ url: 'https://api.things.example' }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  labels: { type: 'object', additionalProperties: true },
                  due: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'The thing.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    count: { type: 'integer' },
                    ratio: { type: 'number' },
                    kind: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f'] },
                    done: { type: 'boolean' },
                    created: { type: 'string', format: 'date-time' },
                    day: { type: 'string', format: 'date' },
                    at: { type: 'string', format: 'time' },
                    tags: { type: 'object', additionalProperties: { type: 'number' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const collectionText = async (document: OpenApiDocument) =>
  JSON.stringify(await postmanCollection(document, 'openapi/things.yaml'), null, 2);

describe('the Postman collection', () => {
  afterEach(() => vi.useRealTimers());

  it('is the same bytes at every conversion of a description without examples, whatever the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const first = await collectionText(withoutExamples);
    vi.setSystemTime(new Date('2031-06-15T12:34:56Z'));
    const second = await collectionText(withoutExamples);
    expect(second).toBe(first);
    // It does fill the schemas in (the values are made up, so only their shape is checked).
    const [request] = JSON.parse(first).item;
    const response = JSON.parse(request.response[0].body);
    expect(Object.keys(response)).toEqual(['count', 'ratio', 'kind', 'done', 'created', 'day', 'at', 'tags']);
    expect(response.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("prints nothing of the converter's own: its validator's \"unknown format\" lines (26 for Box's description) have no place", async () => {
    const document = structuredClone(withoutExamples) as any;
    document.paths['/things'].post.requestBody.content['application/json'].schema.properties.owner = {
      type: 'string',
      format: 'urn',
      example: 'urn:user:42',
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const [request] = JSON.parse(await collectionText(document)).item;
      expect(JSON.parse(request.request.body.raw).owner).toBe('<urn>');
      expect(warn.mock.calls).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('does not depend on what was converted before it in the same process', async () => {
    const alone = await collectionText(withoutExamples);
    const other = structuredClone(withoutExamples) as any;
    other.paths['/things'].post.operationId = 'makeThing';
    other.paths['/other'] = other.paths['/things'];
    await collectionText(other);
    expect(await collectionText(withoutExamples)).toBe(alone);
  });

  it('is the same when the converter may change the description given rather than a copy', async () => {
    const secured = structuredClone(withoutExamples) as any;
    secured.components = {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Key', 'x-docsgen-prefix': 'Key ' },
        token: { type: 'http', scheme: 'bearer' },
      },
    };
    secured.security = [{ apiKey: [] }];
    secured.paths['/things'].get = {
      operationId: 'listThings',
      security: [{ token: [] }, { apiKey: [] }],
      parameters: [{ $ref: '#/components/parameters/limit' }],
      responses: { '200': { $ref: '#/components/responses/things' } },
    };
    secured.components.parameters = { limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } };
    secured.components.responses = { things: { description: 'Things.' } };
    const copied = await collectionText(secured);
    const given = structuredClone(secured);
    const changed = JSON.stringify(
      await postmanCollection(given, 'openapi/things.yaml', { changeable: true }),
      null,
      2,
    );
    expect(changed).toBe(copied);
    // The converter did change what it was given: the collection was read from the description before.
    expect(given).not.toEqual(secured);
  });

  it('is made for an OpenAPI 3.1 description that holds only webhooks (no paths): no requests', async () => {
    const { paths, ...webhooksOnly } = structuredClone(withoutExamples) as any;
    webhooksOnly.openapi = '3.1.0';
    webhooksOnly.webhooks = { thingCreated: paths['/things'] };
    const collection = JSON.parse(await collectionText(webhooksOnly));
    expect(collection.info.name).toBe('Things');
    expect(collection.item).toEqual([]);
  });

  it('stops with an error at the description when the converter refuses it, not with its own', async () => {
    const { info, ...untitled } = structuredClone(withoutExamples) as any;
    untitled.info = { version: info.version };
    const refused = await postmanCollection(untitled, 'openapi/things.yaml').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DocsgenError);
    expect((refused as DocsgenError).format()).toBe(
      'openapi/things.yaml: the Postman converter rejected the OpenAPI file: Specification must contain a title in order to generate a collection',
    );
  });
});
