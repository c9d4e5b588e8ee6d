import path from 'node:path';
import type { BuildFailure } from 'esbuild';
import { DocsgenError } from '../errors.ts';

/**
 * An esbuild failure compiling a project or engine file (the config, a component, the theme: a
 * syntax error, a stylesheet that does not parse, an import of a file that is not there) as the
 * writer's error it is: `what`, then esbuild's first message at its `file:line:col` (resolved
 * from esbuild's working folder `dir`; esbuild counts columns from 0) with the line it points at,
 * or at `file` when esbuild names no place. Anything else esbuild threw is the engine's own
 * failure, and goes on as it is.
 */
export function esbuildError(
  error: unknown,
  what: string,
  { dir, file = dir }: { dir: string; file?: string },
): unknown {
  const first = (error as Partial<BuildFailure>)?.errors?.[0];
  if (!first) return error;
  const location = first.location;
  return new DocsgenError(
    `${what}: ${first.text}`,
    location ? { file: path.resolve(dir, location.file), line: location.line, column: location.column + 1 } : { file },
    location?.lineText,
  );
}
