import path from 'node:path';
import { diffOpenApi } from '../apidiff/diffOpenApi.ts';
import { formatChanges } from '../apidiff/formatChanges.ts';
import { loadComparedDescription } from '../apidiff/loadComparedDescription.ts';
import { exitCodes } from './exitCodes.ts';

/** The command line of `docsgen api diff`: the two descriptions, and how to print and exit. */
export interface ApiDiffOptions {
  root: string;
  old: string;
  new: string;
  json: boolean;
  failOn?: 'breaking';
}

/**
 * `docsgen api diff <old> <new>`: what changed between two OpenAPI descriptions, each change
 * classified. Exits 1 with `--fail-on breaking` when a change is breaking; a description that
 * cannot be read is an error at its file, line and column, printed by the CLI (exit 1 too).
 */
export async function runApiDiff(options: ApiDiffOptions): Promise<number> {
  const [old, next] = await Promise.all([
    loadComparedDescription(options.root, options.old),
    loadComparedDescription(options.root, options.new),
  ]);
  const changes = await diffOpenApi(old, next, { old: options.old, new: options.new });
  console.log(
    options.json
      ? JSON.stringify(changes, null, 2)
      : formatChanges(changes, (file) => path.relative(process.cwd(), file) || file),
  );
  return options.failOn === 'breaking' && changes.breaking > 0 ? exitCodes.contentError : exitCodes.ok;
}
