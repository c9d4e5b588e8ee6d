import jsYaml from 'js-yaml';
import { assertAliasesBounded } from './boundAliases.ts';

/** Where js-yaml found a syntax error (0-based line and column) and what it found. */
export interface YamlSyntaxError extends Error {
  mark?: { line: number; column: number };
  reason?: string;
}

/**
 * js-yaml's default schema without its timestamp type: YAML that JSON could hold, as OpenAPI asks of
 * a description and as Redocly reads one (`example: 2020-03-02T17:00:49Z` stays that text, where
 * the default made it a Date, shown as `"2020-03-02T17:00:49.000Z"`, and an unquoted `version:
 * 2020-03-02` read "Mon Mar 02 2020 00:00:00 GMT+0000 (Coordinated Universal Time)").
 */
export const jsonCompatibleSchema = (() => {
  // js-yaml 4 exports its types (its README), which @types/js-yaml does not declare.
  const { types } = jsYaml as unknown as { types: Record<'merge' | 'binary' | 'omap' | 'pairs' | 'set', jsYaml.Type> };
  return jsYaml.CORE_SCHEMA.extend({
    implicit: [types.merge],
    explicit: [types.binary, types.omap, types.pairs, types.set],
  });
})();

/**
 * Reads YAML the build is given (front matter, `_category_.yml`, the OpenAPI file), its aliases
 * bounded. js-yaml, because its duplicate-key check is one property lookup a key, where `yaml`'s
 * compares each key with every key before it: a `_category_.yml` of 20,000 keys took 7.3 s there,
 * of 100,000 keys (1.3 MB) over 120 s; js-yaml reads the 100,000 in 0.4 s. A syntax error is
 * thrown as js-yaml's (a `YamlSyntaxError`), for the caller to place (loadYamlFile.ts does, for a
 * file read whole). Read with `schema`, js-yaml's default unless said.
 */
export function loadYaml(source: string, file: string, schema: jsYaml.Schema = jsYaml.DEFAULT_SCHEMA): unknown {
  const value = jsYaml.load(source, { filename: file, schema });
  assertAliasesBounded(value, source, file);
  return value;
}
