import path from 'node:path';
import type { BuildFailure } from 'esbuild';
import { DocsgenError } from '../errors.ts';

/** esbuild's first error about a project file `what` (the config, a component), located where esbuild found it, else at `file`. */
export function fromEsbuildFailure(error: unknown, what: string, file: string): DocsgenError {
  const first = (error as BuildFailure).errors?.[0];
  if (!first) return new DocsgenError(`${what} could not be compiled: ${(error as Error).message}`, { file });
  const location = first.location;
  return new DocsgenError(
    `${what} could not be compiled: ${first.text}`,
    location ? { file: path.resolve(location.file), line: location.line, column: location.column + 1 } : { file },
    location?.lineText,
  );
}
