import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { methods, refTarget } from '../../src/openapi/openApiModel.ts';
import { postmanCollection } from '../../src/openapi/postmanCollection.ts';
import { prismStartTimeoutMs, prismStopTimeoutMs, startPrism, type PrismMock } from '../helpers/prism.js';

// The collection is built from docsgen's own model (src/openapi/postmanCollection.ts), so two
// real tools judge it: Postman's SDK reads it as a v2.1 collection, and newman (Postman's runner)
// sends every request to Prism mocking the same description, which answers a request that breaks
// the description with 4xx (`--errors`) and one it has no route for with 404/405.
const require = createRequire(import.meta.url);
const { Collection } = require('postman-collection');
const newman = require('newman');

const projectRoot = path.resolve(import.meta.dirname, '../..');
const descriptions = {
  "this site's description": path.join(projectRoot, 'openapi/esignature-api.yaml'),
  'a multi-file description': path.join(projectRoot, 'tests/fixtures/openapi-postman/openapi.yaml'),
};

const mocks: PrismMock[] = [];
afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.stop()));
}, prismStopTimeoutMs * 3);

interface Run {
  request: string;
  code: number;
  violations?: string;
}

async function run(collection: object, baseUrl: string): Promise<Run[]> {
  const summary = await new Promise<any>((resolve, reject) =>
    newman.run(
      {
        collection,
        // Environment values override the collection's variables, as a reader's would.
        environment: {
          values: ['baseUrl', 'apiKey'].map((key) => ({ key, value: key === 'baseUrl' ? baseUrl : 'newman-key' })),
        },
        reporters: [],
        timeoutRequest: 30_000,
      },
      (error: Error | null, result: any) => (error ? reject(error) : resolve(result)),
    ),
  );
  return summary.run.executions.map((execution: any) => ({
    request: `${execution.request.method} ${execution.request.url.getPath()}`,
    code: execution.response?.code ?? 0,
    violations: execution.response?.headers.get('sl-violations'),
  }));
}

/** How many operations a loaded description has (a path item may be a `$ref` into another file). */
function operationCount(api: Awaited<ReturnType<typeof loadOpenApi>>): number {
  return Object.values<any>(api.document.paths).reduce((count, item) => {
    const pathItem: any = item.$ref ? refTarget(api, item.$ref) : item;
    return count + methods.filter((method) => pathItem[method]).length;
  }, 0);
}

describe.each(Object.entries(descriptions))('the Postman collection of %s', (_, file) => {
  it("is a v2.1 collection Postman's SDK reads whole, one request an operation in a folder a group", async () => {
    const api = await loadOpenApi(file);
    const json = postmanCollection(api, api.file);
    const collection = new Collection(json);
    expect(Collection.isCollection(collection)).toBe(true);
    expect(collection.name).toBe(api.document.info.title);
    const items: any[] = [];
    collection.forEachItem((item: any) => items.push(item));
    const written = (json.item as any[]).flatMap((folder) => folder.item);
    expect(items.length).toBe(written.length);
    expect(items.length).toBe(operationCount(api));
    // What the SDK reads back is what was written: URL, method, body, saved examples.
    for (const [index, item] of items.entries()) {
      const request = written[index].request;
      expect(item.request.url.getPath(true)).toBe(`/${request.url.path.join('/')}`);
      expect(item.request.url.query.map((entry: any) => [entry.key, entry.value, Boolean(entry.disabled)])).toEqual(
        request.url.query.map((entry: any) => [entry.key, entry.value, Boolean(entry.disabled)]),
      );
      expect(item.request.method).toBe(request.method);
      expect(item.request.body?.mode).toBe(request.body?.mode);
      expect(item.responses.count()).toBe(written[index].response.length);
      expect(item.getAuth()?.type ?? 'noauth').toBe(request.auth.type);
    }
    expect(collection.variables.get('baseUrl')).toMatch(/^https:\/\//);
  }, 30_000);

  it(
    'runs in newman against Prism: every request answered with a success',
    async () => {
      const api = await loadOpenApi(file);
      const collection = postmanCollection(api, api.file);
      const mock = await startPrism(file);
      mocks.push(mock);
      const runs = await run(collection, mock.baseUrl);
      expect(runs.length).toBe(operationCount(api));
      expect(runs.filter(({ code }) => code < 200 || code > 299)).toEqual([]);
    },
    prismStartTimeoutMs + 120_000,
  );
});
