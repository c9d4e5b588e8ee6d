import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { buildApiReference } from '../../src/openapi/buildReference.ts';
import { referencePages } from '../../src/openapi/referencePages.ts';
import { anchorPages } from '../../src/openapi/pageReference.ts';

// Stripe's shape: no tags, a version first, resources named in snake_case; one tagged operation among them.
const operations: [string, string, string?][] = [
  ['/v1/customers', 'GetCustomers'],
  ['/v1/payment_intents', 'PostPaymentIntents'],
  ['/v1/customers/{customer}/sources', 'GetCustomerSources'],
  ['/v1/checkout/sessions', 'PostCheckoutSessions'],
  ['/v2/paymentIntents/{intent}/capture', 'CaptureIntent'],
  ['/v1/tagged_thing', 'TaggedThing', 'Things'],
  ['/{account}/webhooks', 'AccountWebhooks'],
  ['/v1', 'Root'],
];

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-groups-'));
  file = path.join(dir, 'api.yaml');
  const paths = operations
    .map(
      ([route, id, tag]) =>
        `  ${route}:\n    post:\n      operationId: ${id}\n${tag ? `      tags: [${tag}]\n` : ''}      responses: { '200': { description: OK } }\n`,
    )
    .join('');
  await writeFile(file, `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n${paths}`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('operations without a tag', () => {
  it('are grouped by the first path segment that is not a version, humanised, in the order first met', async () => {
    const { reference } = await buildApiReference(await loadOpenApi(file), async (markdown) => markdown, {
      downloads: [],
    });
    expect(reference.tags.map((tag) => [tag.name, tag.operations.map((operation) => operation.id)])).toEqual([
      ['Customers', ['GetCustomers', 'GetCustomerSources']],
      ['Payment intents', ['PostPaymentIntents', 'CaptureIntent']],
      ['Checkout', ['PostCheckoutSessions']],
      ['Things', ['TaggedThing']],
      ['Webhooks', ['AccountWebhooks']],
      ['Other', ['Root']],
    ]);
  });

  it('make a page each when the reference is split, with valid slugs, and old anchors still find their operation', async () => {
    const api = await loadOpenApi(file);
    const pages = await referencePages(api, 2);
    expect(pages.map(({ route, label }) => [route, label])).toEqual([
      ['/api/', 'Overview'],
      ['/api/customers/', 'Customers'],
      ['/api/payment-intents/', 'Payment intents'],
      ['/api/checkout/', 'Checkout'],
      ['/api/things/', 'Things'],
      // `/api/webhooks/` is the webhooks' page.
      ['/api/webhooks-2/', 'Webhooks'],
      ['/api/other/', 'Other'],
      ['/api/schemas/', 'Schemas'],
    ]);
    const anchors = await anchorPages(
      api,
      pages.map((page) => ({ ...page, href: page.route })),
    );
    expect(pages[anchors['operation/GetCustomerSources']].route).toBe('/api/customers/');
    expect(pages[anchors['operation/CaptureIntent']].route).toBe('/api/payment-intents/');
    expect(pages[anchors['tag/Payment-intents']].route).toBe('/api/payment-intents/');
  });
});
