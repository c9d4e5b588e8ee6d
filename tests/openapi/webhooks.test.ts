import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { SchemaNode } from '../../src/model/apiReference.ts';
import { referenceOf } from '../helpers/apiReference.ts';

const specPath = fileURLToPath(new URL('../../openapi/esignature-api.yaml', import.meta.url));
// api.md §4, "Webhook event types".
const eventTypes = [
  'bundle_sent',
  'bundle_complete',
  'bundle_docs_ready',
  'bundle_error',
  'bundle_cancelled',
  'packet_viewed',
  'packet_complete',
];

const childNames = (node: SchemaNode | undefined) => node?.children.map((child) => child.name);

describe('OpenAPI webhooks', () => {
  it('describe a delivery for each event type of the spec, with its signature headers and, where published, its payload', async () => {
    const reference = await referenceOf(specPath);
    expect(reference.webhooks.map((webhook) => webhook.name)).toEqual(eventTypes);
    for (const webhook of reference.webhooks) {
      expect(webhook.method, webhook.name).toBe('POST');
      expect(
        webhook.parameters.map((parameter) => `${parameter.location} ${parameter.name}`),
        webhook.name,
      ).toEqual(['header x-acme-sign-signature', 'header x-acme-sign-request-timestamp']);
      const body = webhook.requestBodies[0]?.schema;
      expect(childNames(body), webhook.name).toEqual(['event_id', 'event_type', 'event_date', 'account_id', 'payload']);
      expect(
        webhook.responses.map((response) => response.status),
        webhook.name,
      ).toEqual(['200', 'default']);
    }
    const payload = (name: string) =>
      reference.webhooks
        .find((webhook) => webhook.name === name)!
        .requestBodies[0].schema.children.find((child) => child.name === 'payload');
    expect(childNames(payload('bundle_complete'))).toEqual(['bundle_id']);
    expect(childNames(payload('packet_viewed'))).toEqual(['bundle_id', 'packet_id']);
    // The other five payloads are not published: none is invented.
    for (const name of eventTypes.filter((type) => type !== 'bundle_complete' && type !== 'packet_viewed')) {
      expect(childNames(payload(name)), name).toEqual([]);
    }
  });

  it('are rendered on /api/, each in its own section and linked from the reference navigation', async () => {
    const html = await readFile(path.join(inject('siteDir'), 'api/index.html'), 'utf8');
    const navigation = html.slice(
      html.indexOf('aria-label="API reference"'),
      html.indexOf('</nav>', html.indexOf('aria-label="API reference"')),
    );
    for (const type of eventTypes) {
      expect(html, type).toContain(`<section class="api-operation api-webhook" id="webhook/${type}"`);
      expect(navigation, type).toContain(`href="#webhook/${type}"`);
    }
    expect(html).toContain('x-acme-sign-request-timestamp');
  });
});
