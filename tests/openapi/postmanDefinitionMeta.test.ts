import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { postmanConverterFixes } from '../../bin/compileEngine.js';
import { definitionMeta } from '../../src/openapi/postmanDefinitionMeta.ts';

// postman-collection as the converter installs it, with the lodash its PropertyBase uses.
const collectionRequire = createRequire(createRequire(import.meta.url).resolve('openapi-to-postmanv2'));
const propertyBaseFile = collectionRequire.resolve('postman-collection/lib/collection/property-base.js');
const sdk = collectionRequire('postman-collection');
const { PropertyBase } = sdk;
const _ = collectionRequire('postman-collection/lib/util').lodash;

/** What PropertyBase's constructor keeps of `src` as it is published. */
const lodashMeta = (src: unknown) =>
  _(src).pickBy(PropertyBase.propertyIsMeta).mapKeys(PropertyBase.propertyUnprefixMeta).value();

describe("a Postman collection object's meta, from its definition's keys that start with _", () => {
  it("is what postman-collection's lodash chain makes, key for key and in the same order", () => {
    const inherited = Object.assign(Object.create({ _fromPrototype: 'p', other: 1 }), { _own: 'o' });
    const definitions: unknown[] = [
      { _postman_id: 'x', name: 'n', _: 'lone underscore', __: 'two', _empty: undefined },
      // Two keys that differ only in their underscores: the later wins.
      { _a: 1, b: 2, __a: 3 },
      { __a: 3, _a: 1 },
      JSON.parse('{"__proto__": {"polluted": true}, "_kept": 1, "_2": "digit", "_1": "first digit"}'),
      inherited,
      { [Symbol('_symbol')]: 1, _visible: true },
      // Objects of the SDK, whose classes have many enumerable methods.
      new sdk.Url('https://api.things.example/things?limit=1'),
      new sdk.Request({ url: 'https://api.things.example/things', method: 'GET' }),
      new sdk.Response({ code: 200, body: '{}', _postman_previewlanguage: 'json' }),
      'a string',
      42,
    ];
    for (const definition of definitions) {
      const meta = definitionMeta(definition as object);
      expect(Object.entries(meta)).toEqual(Object.entries(lodashMeta(definition)));
    }
    expect(definitionMeta(inherited)).toEqual({ own: 'o', fromPrototype: 'p' });
  });

  it("takes the chain's place in the installed postman-collection, and only in a file of the shape it was written for", () => {
    const fixed = postmanConverterFixes['postman-collection/lib/collection/property-base.js'];
    const source = readFileSync(propertyBaseFile, 'utf8');
    const contents = fixed(source);
    expect(contents).toContain('meta = definitionMeta(src);');
    expect(contents).not.toContain('.pickBy(');
    expect(fixed(source.replace('.pickBy(PropertyBase.propertyIsMeta)', '.pickBy(isMeta)'))).toBeUndefined();
  });
});
