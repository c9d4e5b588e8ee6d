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

const collectionText = (document: OpenApiDocument) =>
  JSON.stringify(postmanCollection({ document, parts: {} }, 'openapi/things.yaml'), null, 2);

describe('the Postman collection', () => {
  afterEach(() => vi.useRealTimers());

  it('is the same bytes at every conversion of a description without examples, whatever the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const first = collectionText(withoutExamples);
    vi.setSystemTime(new Date('2031-06-15T12:34:56Z'));
    const second = collectionText(withoutExamples);
    expect(second).toBe(first);
    // A response without an example shows every property of its schema, each a placeholder of its type.
    const [folder] = JSON.parse(first).item;
    expect(JSON.parse(folder.item[0].response[0].body)).toEqual({
      count: '<integer>',
      ratio: '<number>',
      kind: 'a',
      done: '<boolean>',
      created: '<date-time>',
      day: '<date>',
      at: '<time>',
      tags: { property1: '<number>', property2: '<number>' },
    });
  });

  it('does not depend on what was converted before it in the same process', () => {
    const alone = collectionText(withoutExamples);
    const other = structuredClone(withoutExamples) as any;
    other.paths['/things'].post.operationId = 'makeThing';
    other.paths['/other'] = other.paths['/things'];
    collectionText(other);
    expect(collectionText(withoutExamples)).toBe(alone);
  });

  it('sends what the samples send: parameters from their examples, the optional ones listed but off, JSON before a form', () => {
    const document = structuredClone(withoutExamples) as any;
    document.tags = [{ name: 'Catalog', description: 'What there is.' }, { name: 'Unused' }];
    document.paths['/things/{thing}'] = {
      parameters: [{ name: 'thing', in: 'path', required: true, schema: { type: 'string' }, example: 't-1' }],
      put: {
        summary: 'Replace a thing',
        tags: ['Catalog'],
        parameters: [
          { name: 'dry', in: 'query', required: true, schema: { type: 'boolean' }, example: true },
          { name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } }, example: ['a', 'b'] },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        requestBody: {
          content: {
            'multipart/form-data': { schema: { type: 'object' } },
            'application/json': { schema: { type: 'object' }, example: { name: 'T' } },
          },
        },
        responses: { '2XX': { description: 'Replaced.' }, default: { description: 'Failed.' } },
      },
    };
    const collection = JSON.parse(collectionText(document));
    // The description's tags first, in its order, with their descriptions; an untagged operation under its path's resource.
    expect(collection.item.map(({ name, description }: any) => [name, description?.content])).toEqual([
      ['Catalog', 'What there is.'],
      ['Things', undefined],
    ]);
    const [item] = collection.item[0].item;
    expect(item.name).toBe('Replace a thing');
    expect(item.request.url).toEqual({
      raw: '{{baseUrl}}/things/:thing?dry=true',
      host: ['{{baseUrl}}'],
      path: ['things', ':thing'],
      query: [
        { key: 'dry', value: 'true', description: '(Required)' },
        { key: 'fields', value: 'a', disabled: true },
        { key: 'fields', value: 'b', disabled: true },
      ],
      variable: [{ key: 'thing', value: 't-1', description: '(Required)' }],
    });
    expect(item.request.header).toEqual([
      { key: 'X-Trace', value: '<string>', disabled: true },
      { key: 'Content-Type', value: 'application/json' },
    ]);
    expect(item.request.body.raw).toBe('{\n  "name": "T"\n}');
    expect(item.response.map(({ code, status, name }: any) => [code, status, name])).toEqual([
      [200, 'OK', 'Replaced.'],
      [500, 'Internal Server Error', 'Failed.'],
    ]);
  });

  // What Postman's converter gave a reader and Dropbox Sign's description needs (its OAuth operations
  // live on another host, one path key carries `?refresh`, its uploads are multipart file parts).
  it("calls an operation's own server, keeps a query written in the path key, asks for files as files, and names the contact", () => {
    const document = structuredClone(withoutExamples) as any;
    document.info.description = 'All about things.';
    document.info.contact = { name: 'Thing support', email: 'help@things.example' };
    const token = { summary: 'Token', servers: [{ url: 'https://auth.things.example:8443/v2/' }], responses: {} };
    document.paths['/oauth/token'] = { post: token };
    document.paths['/oauth/token?refresh'] = { post: { ...token, summary: 'Refresh' } };
    document.paths['/things/{thing}/files'] = {
      servers: [{ url: 'https://api.things.example' }],
      post: {
        summary: 'Upload',
        parameters: [{ name: 'thing', in: 'path', required: true, schema: { type: 'string' }, example: 't-1' }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The files.' },
                  title: { type: 'string' },
                  id: { type: 'string', readOnly: true },
                },
              },
            },
          },
        },
        responses: {},
      },
    };
    const collection = JSON.parse(collectionText(document));
    expect(collection.info.description.content).toBe(
      'All about things.\n\nContact Support:\n Name: Thing support\n Email: help@things.example',
    );
    const items = collection.item.flatMap((folder: any) => folder.item);
    const named = (name: string) => items.find((item: any) => item.name === name);
    expect(named('Token').request.url).toEqual({
      raw: 'https://auth.things.example:8443/v2/oauth/token',
      protocol: 'https',
      host: ['auth', 'things', 'example'],
      port: '8443',
      path: ['v2', 'oauth', 'token'],
      query: [],
      variable: [],
    });
    expect(named('Refresh').request.url.path).toEqual(['v2', 'oauth', 'token']);
    expect(named('Refresh').request.url.query).toEqual([{ key: 'refresh', value: '' }]);
    expect(named('Refresh').request.url.raw).toBe('https://auth.things.example:8443/v2/oauth/token?refresh=');
    expect(named('Refresh').id).not.toBe(named('Token').id);
    // A path's server that is the document's own is the collection's `{{baseUrl}}`.
    const upload = named('Upload').request;
    expect(upload.url.raw).toBe('{{baseUrl}}/things/:thing/files');
    expect(upload.body.formdata).toEqual([
      { key: 'file', type: 'file', description: 'The files.' },
      { key: 'title', value: '<string>', type: 'text', disabled: true },
    ]);
  });

  it('is made for an OpenAPI 3.1 description that holds only webhooks (no paths): no requests', () => {
    const { paths, ...webhooksOnly } = structuredClone(withoutExamples) as any;
    webhooksOnly.openapi = '3.1.0';
    webhooksOnly.webhooks = { thingCreated: paths['/things'] };
    const collection = JSON.parse(collectionText(webhooksOnly));
    expect(collection.info.name).toBe('Things');
    expect(collection.item).toEqual([]);
  });

  it('stops with an error at the description when it has no title to name the collection', () => {
    const { info, ...untitled } = structuredClone(withoutExamples) as any;
    untitled.info = { version: info.version };
    let refused: unknown;
    try {
      collectionText(untitled);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DocsgenError);
    expect((refused as DocsgenError).format()).toBe(
      'openapi/things.yaml: the Postman collection needs a title: the OpenAPI file has no `info.title`',
    );
  });
});
