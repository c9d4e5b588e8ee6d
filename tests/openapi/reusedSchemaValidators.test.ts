import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postmanConverterFixes } from '../../bin/compileEngine.js';
import { reusedValidators } from '../../src/openapi/reusedSchemaValidators.ts';

/** The Postman converter's ajvValidator.js, its builder and formats exported beside its own function. */
function convertersValidator() {
  const file = createRequire(import.meta.url).resolve('openapi-to-postmanv2/lib/ajValidation/ajvValidator.js');
  const module = new Module(file) as Module & { _compile(code: string, file: string): void };
  module.filename = file;
  module.paths = (Module as any)._nodeModulePaths(path.dirname(file));
  module._compile(
    `${readFileSync(file, 'utf8')}\nmodule.exports.build = buildValidatorObject; module.exports.addFormats = addFormats;\n`,
    file,
  );
  return module.exports as { validateSchemaAJV: typeof check; build: any; addFormats: any };
}

type Check = (schema: unknown, value: unknown, draft?: string) => { filteredValidationError?: unknown; validate?: any };
declare const check: Check;

describe("the Postman converter's example check, one Ajv instance a draft", () => {
  it('answers as the converter does with a new instance for each check', () => {
    const converter = convertersValidator();
    const reused = reusedValidators(converter.build, converter.addFormats);
    const draft2020 = 'https://json-schema.org/draft/2020-12/schema';
    const checks: [unknown, unknown, string?][] = [
      [{ type: 'string' }, 'a'],
      [{ type: 'integer', minimum: 2 }, 1],
      // The same $id twice: a new instance knows neither; a kept one must forget the first.
      [{ $id: 'https://schemas.fixture.example/thing', type: 'string' }, 'a'],
      [{ $id: 'https://schemas.fixture.example/thing', type: 'integer' }, 'a'],
      // Ajv cannot compile it: no validator, no mismatch.
      [{ type: 'no-such-type' }, 'a'],
      [{ $ref: '#/definitions/missing' }, 'a'],
      [{ type: 'string', format: 'email' }, 'not an address'],
      [{ type: 'object', required: ['id'], properties: { id: { type: 'string' } } }, {}],
      [{ type: 'array', prefixItems: [{ type: 'string' }] }, [1], draft2020],
      [{ type: 'array', prefixItems: [{ type: 'string' }] }, ['a'], draft2020],
      [{ type: 'string' }, 'a'],
    ];
    const answers = (validate: Check) =>
      checks.map(([schema, value, draft]) => {
        const { filteredValidationError, validate: validator } = validate(structuredClone(schema), value, draft);
        return { filteredValidationError, compiled: Boolean(validator), errors: validator?.errors ?? null };
      });
    const expected = answers(converter.validateSchemaAJV);
    expect(expected.map(({ compiled }) => compiled)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(answers(reused.validateSchemaAJV)).toEqual(expected);
  });

  it("is given to the installed converter's file by bin/compileEngine.js", () => {
    const file = createRequire(import.meta.url).resolve('openapi-to-postmanv2/lib/ajValidation/ajvValidator.js');
    const fixed = postmanConverterFixes['openapi-to-postmanv2/lib/ajValidation/ajvValidator.js'];
    expect(fixed(readFileSync(file, 'utf8'))).toMatch(/\.reusedValidators\(buildValidatorObject, addFormats\);\n$/);
  });
});
