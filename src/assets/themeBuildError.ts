import path from 'node:path';
import type { BuildFailure } from 'esbuild';
import { DocsgenError } from '../errors.ts';

/**
 * An esbuild failure compiling the theme or the engine (a TSX syntax error, a stylesheet that does
 * not parse, an import of a file that is not there) as the writer's error it is: esbuild's first
 * message at its `file:line:col` (esbuild counts columns from 0), with the line it points at.
 * Anything else esbuild threw is the engine's own failure, and goes on as it is.
 */
export function themeBuildError(error: unknown, root: string, what: string): unknown {
  const first = (error as Partial<BuildFailure>)?.errors?.[0];
  if (!first) return error;
  const location = first.location;
  return new DocsgenError(
    `${what}: ${first.text}`,
    location
      ? { file: path.resolve(root, location.file), line: location.line, column: location.column + 1 }
      : { file: root },
    location?.lineText,
  );
}
