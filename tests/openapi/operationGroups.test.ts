import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { referencePages } from '../../src/openapi/referencePages.ts';
import { anchorPages } from '../../src/openapi/pageReference.ts';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';

// Stripe's shape: no tags, a version first, resources named in snake_case; one tagged operation among them.
const operations: [string, string, string?][] = [
  ['/v1/customers', 'GetCustomers'],
  ['/v1/payment_intents', 'PostPaymentIntents'],
  ['/v1/customers/{customer}/sources', 'GetCustomerSources'],
  ['/v1/checkout/sessions', 'PostCheckoutSessions'],
  ['/v2/paymentIntents/{intent}/capture', 'CaptureIntent'],
  ['/v1/tagged_thing', 'TaggedThing', 'Things'],
  ['/{account}/webhooks', 'AccountWebhooks'],
  ['/api/v1/customers/{id}', 'ApiCustomer'],
  ['/REST/checkout', 'RestCheckout'],
  ['/v1', 'Root'],
  ['/api', 'ApiRoot'],
];

const writeDescription = descriptionWriter('docsgen-groups-');
let file: string;
beforeAll(async () => {
  const paths = operations
    .map(
      ([route, id, tag]) =>
        `  ${route}:\n    post:\n      operationId: ${id}\n${tag ? `      tags: [${tag}]\n` : ''}      responses: { '200': { description: OK } }\n`,
    )
    .join('');
  file = await writeDescription(`openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n${paths}`);
});

describe('operations without a tag', () => {
  it('are grouped by the first path segment that is not a version, `api`/`rest` or a parameter, humanised, in the order first met', async () => {
    const reference = await referenceOf(file);
    expect(reference.tags.map((tag) => [tag.name, tag.operations.map((operation) => operation.id)])).toEqual([
      ['Customers', ['GetCustomers', 'GetCustomerSources', 'ApiCustomer']],
      ['Payment intents', ['PostPaymentIntents', 'CaptureIntent']],
      ['Checkout', ['PostCheckoutSessions', 'RestCheckout']],
      ['Things', ['TaggedThing']],
      ['Webhooks', ['AccountWebhooks']],
      ['Other', ['Root', 'ApiRoot']],
    ]);
  });

  it('make a page each when the reference is split, with valid slugs, and old anchors still find their operation', async () => {
    const api = await loadOpenApi(file);
    const pages = await referencePages(api, { splitAbove: 2, splitAboveElements: Infinity });
    expect(pages.map(({ route, label }) => [route, label])).toEqual([
      ['/api/', 'Overview'],
      ['/api/customers/', 'Customers'],
      ['/api/payment-intents/', 'Payment intents'],
      ['/api/checkout/', 'Checkout'],
      ['/api/things/', 'Things'],
      // No webhooks here: the group takes `/api/webhooks/` (beside webhooks it would be `webhooks-2/`).
      ['/api/webhooks/', 'Webhooks'],
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
