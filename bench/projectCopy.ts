import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A scratch copy of a project's sources for benchmarks that edit them (the dev loop saves a page
 * hundreds of times): an interrupted run then leaves the real project as it was. The render cache
 * comes along so the figures match a dev server started in the project itself.
 */
export async function copyProject(root: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bench-project-'));
  for (const entry of ['docsgen.config.ts', 'content', 'openapi', 'public', '.docsgen-cache']) {
    if (!existsSync(path.join(root, entry))) continue;
    // A running dev server's scratch folder (`dev-<pid>`) is its own, not the project's.
    await cp(path.join(root, entry), path.join(copy, entry), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => !/[\\/]dev-\d+$/.test(source),
    });
  }
  return copy;
}
