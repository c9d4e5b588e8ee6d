import { createConfig, getLineColLocation, lint } from '@redocly/openapi-core';
import { DocsgenError } from '../errors.ts';

/**
 * Validates the OpenAPI file against the OpenAPI 3.1 structure and resolves every `$ref`, with
 * Redocly's validator. The first problem becomes an error at its line and column, naming the
 * JSON pointer of the offending node.
 */
export async function validateOpenApi(file: string, source: string): Promise<void> {
  const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const problems = (await lint({ ref: file, config })).filter((problem) => problem.severity === 'error');
  const first = problems[0];
  if (!first) return;
  const location = first.location[0];
  const position = location ? getLineColLocation(location).start : undefined;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  throw new DocsgenError(
    `OpenAPI file is not valid at ${location?.pointer ?? '#'}: ${first.message}${more}`,
    { file, line: position?.line, column: position?.col },
    position ? source.split('\n')[position.line - 1] : undefined,
  );
}
