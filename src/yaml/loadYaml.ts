import jsYaml from 'js-yaml';
import { assertAliasesBounded } from './boundAliases.ts';

/** Where js-yaml found a syntax error (0-based line and column) and what it found. */
export interface YamlSyntaxError extends Error {
  mark?: { line: number; column: number };
  reason?: string;
}

/**
 * Reads YAML the build is given (front matter, `_category_.yml`, the OpenAPI file), its aliases
 * bounded. js-yaml, because its duplicate-key check is one property lookup a key, where `yaml`'s
 * compares each key with every key before it: a `_category_.yml` of 20,000 keys took 7.3 s there,
 * of 100,000 keys (1.3 MB) over 120 s; js-yaml reads the 100,000 in 0.4 s. A syntax error is
 * thrown as js-yaml's (a `YamlSyntaxError`), for the caller to place (loadYamlFile.ts does, for a file read whole).
 */
export function loadYaml(source: string, file: string): unknown {
  const value = jsYaml.load(source, { filename: file });
  assertAliasesBounded(value, source, file);
  return value;
}
