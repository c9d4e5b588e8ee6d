import type { Oas3_1Schema, Oas3Encoding, Oas3MediaType } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismStartTimeoutMs, prismStopTimeoutMs, startPrism, type PrismMock } from '../helpers/prism.js';
import { listOperations, loadSpec, resolved, specPath, type SpecOperation } from './load-spec.js';

const requestTimeoutMs = 15_000;
const authorization = 'Token prism-test-key';

const spec = await loadSpec();
const operations = listOperations(spec);

interface ExampleRequest {
  operationId: string;
  example: string;
  mediaType: string;
  value: unknown;
}

interface InvalidRequest {
  rule: string;
  operationId: string;
  /** Named request example to start from; it is itself sent unchanged by the example tests. */
  example?: string;
  change?: (body: Record<string, any>) => void;
  query?: Record<string, string>;
  /** Where Prism must report the violation, as in its sl-violations header without "request". */
  violationAt: string;
}

const exampleRequests: ExampleRequest[] = operations.flatMap(({ operationId, operation }) =>
  Object.entries(operation.requestBody ? resolved(operation.requestBody).content : {}).flatMap(([mediaType, content]) =>
    Object.entries(content.examples ?? {}).map(([example, node]) => ({
      operationId,
      example,
      mediaType,
      value: resolved(node).value,
    })),
  ),
);

const invalidRequests: InvalidRequest[] = [
  {
    rule: 'a signer key of 21 characters',
    operationId: 'createBundle',
    example: 'documentByUrl',
    change: (body) => {
      body.packets[0].key = 'k'.repeat(21);
    },
    violationAt: 'body.packets.0.key',
  },
  {
    rule: 'two file sources in one document',
    operationId: 'createBundle',
    example: 'documentByUrl',
    change: (body) => {
      body.documents[0].file_b64 = 'JVBERi0xLjcK';
    },
    violationAt: 'body.documents.0',
  },
  {
    rule: 'include=foo on getBundle',
    operationId: 'getBundle',
    query: { include: 'foo' },
    violationAt: 'query.include',
  },
  {
    rule: 'an amount_due of 0',
    operationId: 'createBundle',
    example: 'embeddedWithPayment',
    change: (body) => {
      body.payment.amount_due = 0;
    },
    violationAt: 'body.payment.amount_due',
  },
  {
    rule: 'a document key of 13 characters',
    operationId: 'createBundle',
    example: 'documentByUrl',
    change: (body) => {
      body.documents[0].key = 'd'.repeat(13);
    },
    violationAt: 'body.documents.0.key',
  },
  {
    rule: 'a custom_key of 201 characters',
    operationId: 'createBundle',
    example: 'documentByUrl',
    change: (body) => {
      body.custom_key = 'c'.repeat(201);
    },
    violationAt: 'body.custom_key',
  },
  {
    rule: 'an extra-header name of 81 characters',
    operationId: 'createWebhookExtraHeader',
    example: 'header',
    change: (body) => {
      body.name = 'X'.repeat(81);
    },
    violationAt: 'body.name',
  },
];

let prism: PrismMock | undefined;
let baseUrl = '';

function findOperation(operationId: string): SpecOperation {
  const found = operations.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId} in ${specPath}`);
  return found;
}

function findExampleValue(operationId: string, example: string): Record<string, any> {
  const request = exampleRequests.find(
    (candidate) => candidate.operationId === operationId && candidate.example === example,
  );
  if (!request) throw new Error(`No request example ${example} for ${operationId}`);
  return structuredClone(request.value) as Record<string, any>;
}

/** The operation's URL with every path parameter, and optionally every query parameter, from its example. */
function buildUrl(
  { path, parameters, operationId }: SpecOperation,
  query: Record<string, string> | 'examples',
): string {
  const filledPath = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (parameter?.example === undefined) throw new Error(`${operationId}: path parameter ${name} has no example`);
    return encodeURIComponent(String(parameter.example));
  });
  const search = new URLSearchParams(
    query === 'examples'
      ? parameters
          .filter((parameter) => parameter.in === 'query' && parameter.example !== undefined)
          .map((parameter) => [parameter.name, String(parameter.example)])
      : Object.entries(query),
  );
  return `${baseUrl}${filledPath}${search.size > 0 ? `?${search}` : ''}`;
}

function encodeMultipart(value: Record<string, unknown>, content: Oas3MediaType<Oas3_1Schema>): FormData {
  const form = new FormData();
  const encodings: Record<string, Partial<Oas3Encoding>> = content.encoding ?? {};
  for (const [name, fieldValue] of Object.entries(value)) {
    const parts = Array.isArray(fieldValue) ? fieldValue : [fieldValue];
    const type = encodings[name]?.contentType ?? 'application/octet-stream';
    parts.forEach((part, index) => form.append(name, new Blob([String(part)], { type }), `${name}-${index}`));
  }
  return form;
}

async function send(
  operation: SpecOperation,
  url: string,
  body?: { mediaType: string; value: unknown },
): Promise<Response> {
  const headers: Record<string, string> = { Authorization: authorization };
  let payload: string | FormData | null = null;
  if (body?.mediaType === 'application/json') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.value);
  } else if (body?.mediaType === 'multipart/form-data') {
    const content = resolved(operation.operation.requestBody!).content[body.mediaType]!;
    payload = encodeMultipart(body.value as Record<string, unknown>, content);
  } else if (body) {
    throw new Error(`${operation.operationId}: no encoder for ${body.mediaType}`);
  }
  return fetch(url, {
    method: operation.method.toUpperCase(),
    headers,
    body: payload,
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
}

function violationLocations(response: Response): string[] {
  const header = response.headers.get('sl-violations');
  if (!header) return [];
  const violations = JSON.parse(header) as { location: string[] }[];
  return violations.map(({ location }) => location.filter((segment) => segment !== 'request').join('.'));
}

async function explain(response: Response): Promise<string> {
  return `${response.status} ${response.headers.get('sl-violations') ?? ''} ${await response.text()}`;
}

beforeAll(async () => {
  prism = await startPrism(specPath);
  baseUrl = prism.baseUrl;
}, prismStartTimeoutMs + 5_000);

afterAll(async () => {
  await prism?.stop();
}, prismStopTimeoutMs + 5_000);

describe('Prism mock of openapi/esignature-api.yaml', () => {
  it('has a request example for every operation that takes a body', () => {
    const withoutExamples = operations
      .filter(({ operation }) => operation.requestBody)
      .filter(({ operationId }) => !exampleRequests.some((request) => request.operationId === operationId))
      .map(({ operationId }) => operationId);
    expect(withoutExamples).toEqual([]);
  });

  it.each(exampleRequests)(
    'accepts the $operationId example $example ($mediaType)',
    async ({ operationId, mediaType, value }) => {
      const operation = findOperation(operationId);
      const response = await send(operation, buildUrl(operation, {}), { mediaType, value });
      expect(response.ok, await explain(response)).toBe(true);
    },
    requestTimeoutMs,
  );

  it.each(operations.filter(({ operation }) => !operation.requestBody))(
    'answers $operationId with 2xx given its documented parameter examples',
    async (operation) => {
      const response = await send(operation, buildUrl(operation, 'examples'));
      expect(response.ok, await explain(response)).toBe(true);
    },
    requestTimeoutMs,
  );

  it.each(invalidRequests)(
    'rejects $rule',
    async ({ operationId, example, change, query, violationAt }) => {
      const operation = findOperation(operationId);
      let body: { mediaType: string; value: unknown } | undefined;
      if (example) {
        const value = findExampleValue(operationId, example);
        change?.(value);
        body = { mediaType: 'application/json', value };
      }
      const response = await send(operation, buildUrl(operation, query ?? {}), body);
      const details = await explain(response);
      expect([400, 422], details).toContain(response.status);
      expect(violationLocations(response), details).toContain(violationAt);
    },
    requestTimeoutMs,
  );
});
