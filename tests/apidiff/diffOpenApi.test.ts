import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffOpenApi } from '../../src/apidiff/diffOpenApi.ts';
import { subjectHeading } from '../../src/apidiff/formatChanges.ts';
import type { ApiChange, ApiChangeSet } from '../../src/model/apiChanges.ts';
import type { SourceLocation } from '../../src/errors.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { descriptionWriter, referenceOf } from '../helpers/apiReference.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

const fixtures = path.join(projectRoot, 'tests/fixtures/api-diff');
const writeDescription = descriptionWriter('docsgen-api-diff-');

async function diff(old: string, next: string): Promise<ApiChangeSet> {
  return diffOpenApi(await loadOpenApi(path.join(fixtures, old)), await loadOpenApi(path.join(fixtures, next)), {
    old,
    new: next,
  });
}

/** The line a location names, as written. */
const lineAt = (location: SourceLocation | undefined) =>
  location?.line === undefined ? '' : readFileSync(location.file, 'utf8').split('\n')[location.line - 1];

/**
 * Every change from old.yaml to new.yaml, written down by hand from the two files, each with the
 * class oasdiff's checks (ERR and WARN: breaking) and Optic's breaking-changes ruleset give it.
 */
const expected: [heading: string, rule: string, classification: string][] = [
  ['GET /bundles/ (listBundles)', 'request-parameter-enum-value-added', 'non-breaking'],
  ['GET /bundles/ (listBundles)', 'request-parameter-became-required', 'breaking'],
  ['GET /bundles/ (listBundles)', 'new-optional-request-parameter', 'non-breaking'],
  ['GET /bundles/ (listBundles)', 'response-header-added', 'non-breaking'],
  ['GET /bundles/ (listBundles)', 'response-optional-property-removed', 'breaking'],
  ['GET /bundles/ (listBundles)', 'response-property-enum-value-added', 'breaking'],
  ['POST /bundles/ (createBundle)', 'api-security-removed', 'breaking'],
  ['POST /bundles/ (createBundle)', 'api-security-added', 'non-breaking'],
  ['POST /bundles/ (createBundle)', 'new-optional-request-property', 'non-breaking'],
  ['POST /bundles/ (createBundle)', 'request-property-became-required', 'breaking'],
  ['POST /bundles/ (createBundle)', 'response-optional-property-removed', 'breaking'],
  ['POST /bundles/ (createBundle)', 'response-property-enum-value-added', 'breaking'],
  ['POST /bundles/ (createBundle)', 'response-non-success-status-added', 'non-breaking'],
  ['GET /templates/ (listTemplates)', 'endpoint-added', 'non-breaking'],
  ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-non-success-status-removed', 'breaking'],
  ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-optional-property-removed', 'breaking'],
  ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-property-enum-value-added', 'breaking'],
  ['GET /bundles/{bundleSlug}/ (getBundle)', 'endpoint-deprecated', 'non-breaking'],
  ['DELETE /bundles/{bundleSlug}/ (deleteBundle)', 'api-removed-without-deprecation', 'breaking'],
  ['POST /bundles/{bundleSlug}/send/ (sendBundle)', 'api-security-scope-added', 'breaking'],
  ['Webhook bundle_sent (POST)', 'response-optional-property-removed', 'breaking'],
  ['Webhook bundle_sent (POST)', 'response-property-enum-value-added', 'breaking'],
  ['Webhook bundle_expired (POST)', 'webhook-added', 'non-breaking'],
  ['API', 'api-global-security-added', 'non-breaking'],
];

describe('diffing two OpenAPI descriptions', () => {
  let set: ApiChangeSet;
  const find = (rule: string, heading?: string): ApiChange => {
    const found = set.changes.find(
      (change) => change.rule === rule && (heading === undefined || subjectHeading(change.subject) === heading),
    );
    expect(found, rule).toBeDefined();
    return found!;
  };
  beforeAll(async () => {
    set = await diff('old.yaml', 'new.yaml');
  });

  it('finds every change of the fixture pair, in operation order, classified as oasdiff and Optic say', () => {
    expect(set.changes.map((change) => [subjectHeading(change.subject), change.rule, change.classification])).toEqual(
      expected,
    );
    expect([set.breaking, set.nonBreaking]).toEqual([14, 10]);
  });

  it("says where it overrides the library's classification, and which published rule decides", () => {
    const overridden = set.changes
      .filter((change) => change.overrides)
      .map((change) => [subjectHeading(change.subject), change.rule, change.overrides!.library]);
    expect(overridden).toEqual([
      ['GET /bundles/ (listBundles)', 'response-optional-property-removed', 'non-breaking'],
      ['POST /bundles/ (createBundle)', 'response-optional-property-removed', 'non-breaking'],
      ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-optional-property-removed', 'non-breaking'],
      ['POST /bundles/{bundleSlug}/send/ (sendBundle)', 'api-security-scope-added', 'non-breaking'],
      ['Webhook bundle_sent (POST)', 'response-optional-property-removed', 'non-breaking'],
    ]);
    expect(find('response-optional-property-removed').overrides!.because).toBe(
      'oasdiff response-optional-property-removed (WARN); Optic preventResponsePropertyRemoval',
    );
  });

  it('names what each change concerns with the anchors the reference gives it', async () => {
    const added = find('endpoint-added');
    expect(added.subject).toEqual({
      kind: 'operation',
      id: 'listTemplates',
      anchor: 'operation/listTemplates',
      method: 'GET',
      path: '/templates/',
      tag: 'Templates',
      summary: 'List templates',
    });
    expect(added.shownIn).toBe('new');
    const removed = find('api-removed-without-deprecation');
    expect(removed.subject).toMatchObject({ anchor: 'operation/deleteBundle' });
    expect(removed.shownIn).toBe('old');
    expect(find('webhook-added').subject).toEqual({
      kind: 'webhook',
      name: 'bundle_expired',
      anchor: 'webhook/bundle_expired',
      method: 'POST',
      summary: 'A bundle expired',
    });
    // The anchors are the reference's own: every one names a section of the reference of the side that shows it.
    const anchorsOf = async (file: string) => {
      const reference = await referenceOf(path.join(fixtures, file));
      return new Set([
        ...reference.tags.flatMap((tag) => tag.operations.map((operation) => operation.anchor)),
        ...reference.webhooks.map((webhook) => webhook.anchor),
        ...reference.schemas.map((schema) => schema.anchor),
      ]);
    };
    const anchors = { old: await anchorsOf('old.yaml'), new: await anchorsOf('new.yaml') };
    for (const change of set.changes) {
      if (change.subject.kind !== 'api')
        expect(anchors[change.shownIn].has(change.subject.anchor), change.subject.anchor).toBe(true);
      if (change.schema) expect(anchors[change.shownIn].has(change.schema.anchor), change.schema.anchor).toBe(true);
    }
  });

  it('ties properties and enum values to the named schema that holds them, for marks on its section', () => {
    const enumValue = find('response-property-enum-value-added', 'GET /bundles/ (listBundles)');
    expect(enumValue.target).toEqual({
      kind: 'response',
      status: '200',
      mediaType: 'application/json',
      property: ['results', '[]', 'status'],
    });
    expect(enumValue.schema).toEqual({ name: 'BundleStatus', anchor: 'schema/BundleStatus', property: [] });
    expect(enumValue.value).toBe('"expired"');
    expect(enumValue.message).toBe(
      'added the value "expired" to the response property results[].status of the 200 response',
    );
    const removed = find('response-optional-property-removed', 'GET /bundles/ (listBundles)');
    expect(removed.schema).toEqual({ name: 'Bundle', anchor: 'schema/Bundle', property: ['legacy_id'] });
    expect(removed.target).toMatchObject({ property: ['results', '[]', 'legacy_id'] });
    const required = find('request-property-became-required');
    expect(required.schema).toEqual({ name: 'BundleRequest', anchor: 'schema/BundleRequest', property: ['title'] });
    expect(find('request-parameter-became-required').target).toEqual({
      kind: 'parameter',
      name: 'status',
      in: 'query',
    });
  });

  it('locates each change where the old and the new file write it', () => {
    const required = find('request-parameter-became-required');
    // The old file writes no `required:`: the parameter is where it is.
    expect(lineAt(required.oldLocation)).toContain('- name: status');
    expect(lineAt(required.newLocation)).toContain('required: true');
    expect(lineAt(find('api-removed-without-deprecation').oldLocation)).toContain('operationId: deleteBundle');
    expect(find('api-removed-without-deprecation').newLocation).toBeUndefined();
    const enumValue = find('request-parameter-enum-value-added');
    expect(lineAt(enumValue.newLocation)).toContain('enum: [draft, sent, completed, expired]');
    expect(enumValue.newLocation!.column).toBe(lineAt(enumValue.newLocation).indexOf('expired') + 1);
    expect(lineAt(find('webhook-added').newLocation)).toContain('summary: A bundle expired');
    expect(find('api-security-removed').oldLocation!.file).toBe(path.join(fixtures, 'old.yaml'));
  });

  it('reads multi-file descriptions, locating each change in the file that holds it', async () => {
    const multi = await diff('multi-old/openapi.yaml', 'multi-new/openapi.yaml');
    expect(multi.changes.map((change) => [subjectHeading(change.subject), change.rule, change.classification])).toEqual(
      [
        ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-optional-property-removed', 'breaking'],
        ['GET /bundles/{bundleSlug}/ (getBundle)', 'response-property-enum-value-added', 'breaking'],
        ['GET /bundles/{bundleSlug}/ (getBundle)', 'new-required-request-parameter', 'breaking'],
        ['Webhook bundle_sent (POST)', 'response-optional-property-removed', 'breaking'],
        ['Webhook bundle_sent (POST)', 'response-property-enum-value-added', 'breaking'],
      ],
    );
    const [removed, enumValue, parameter] = multi.changes;
    expect(removed.oldLocation!.file).toBe(path.join(fixtures, 'multi-old/schemas/bundle.yaml'));
    expect(enumValue.newLocation).toMatchObject({
      file: path.join(fixtures, 'multi-new/schemas/bundle.yaml'),
      line: 8,
    });
    expect(parameter.newLocation!.file).toBe(path.join(fixtures, 'multi-new/paths/bundle.yaml'));
    expect(lineAt(parameter.newLocation)).toContain('name: fields');
  });

  it('reads a list added or removed whole (parameters, security) as one change per item', async () => {
    const head = `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
    token: { type: http, scheme: bearer }
paths:
  /things:
    get:
      operationId: listThings
      responses: { '200': { description: OK } }
`;
    const bare = await writeDescription(head);
    const full = await writeDescription(
      `${head}      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: cursor, in: query, required: true, schema: { type: string } }
      security: [{ key: [] }, { token: [] }]
`,
    );
    const rules = async (old: string, next: string) =>
      (await diffOpenApi(await loadOpenApi(old), await loadOpenApi(next), { old: 'a', new: 'b' })).changes
        .map((change) => change.rule)
        .sort();
    expect(await rules(bare, full)).toEqual([
      'api-security-added',
      'api-security-added',
      'new-optional-request-parameter',
      'new-required-request-parameter',
    ]);
    expect(await rules(full, bare)).toEqual([
      'api-security-removed',
      'api-security-removed',
      'request-parameter-removed',
      'request-parameter-removed',
    ]);
  });

  it('groups an operation without a tag as the reference does: by its path', async () => {
    const head = `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
paths:
  /v1/customers:
    get:
      responses: { '200': { description: OK } }
`;
    const added = `${head}  /v1/payment_intents:
    post:
      operationId: PostPaymentIntents
      responses: { '200': { description: OK } }
`;
    const { changes } = await diffOpenApi(
      await loadOpenApi(await writeDescription(head)),
      await loadOpenApi(await writeDescription(added)),
      { old: 'a', new: 'b' },
    );
    expect(changes.map((change) => change.subject)).toMatchObject([
      { id: 'PostPaymentIntents', tag: 'Payment intents' },
    ]);
  });

  it('finds nothing between a description and itself (the shipped one)', async () => {
    const shipped = path.join(projectRoot, 'openapi/esignature-api.yaml');
    const same = await diffOpenApi(await loadOpenApi(shipped), await loadOpenApi(shipped), { old: 'a', new: 'b' });
    expect(same.changes).toEqual([]);
  });
});
