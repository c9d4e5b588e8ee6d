import { DocsgenError, lineOf } from '../errors.ts';
import type { Schema } from 'js-yaml';
import { loadYaml, type YamlSyntaxError } from './loadYaml.ts';

/**
 * `loadYaml` for a file read whole: a syntax error becomes `<failure>: <js-yaml's reason>` at its line and column,
 * with that line. (Front matter places its errors itself: its YAML starts below the file's first line.)
 */
export function loadYamlFile(source: string, file: string, failure: string, schema?: Schema): unknown {
  try {
    return loadYaml(source, file, schema);
  } catch (error) {
    // An alias cycle or bomb comes located already.
    if (error instanceof DocsgenError) throw error;
    const { mark, reason, message } = error as YamlSyntaxError;
    const line = (mark?.line ?? 0) + 1;
    throw new DocsgenError(
      `${failure}: ${reason ?? message.split('\n')[0]}`,
      { file, line, column: (mark?.column ?? 0) + 1 },
      lineOf(source, line),
    );
  }
}
