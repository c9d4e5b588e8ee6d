import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A scratch copy of a project's sources for benchmarks that edit them (the dev loop saves a page
 * hundreds of times): an interrupted run then leaves the real project as it was. The render cache
 * comes along so the figures match a dev server started in the project itself.
 */
export async function copyProject(root: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bench-project-'));
  for (const entry of ['content', 'openapi', 'public', '.docsgen-cache']) {
    if (!existsSync(path.join(root, entry))) continue;
    // A running dev server's scratch folder (`dev-<pid>`) is its own, not the project's.
    await cp(path.join(root, entry), path.join(copy, entry), { recursive: true, verbatimSymlinks: true, filter: (source) => !/[\\/]dev-\d+$/.test(source) });
  }
  // The config's relative imports (`./src/config/defineConfig.ts`) must still reach the project.
  const config = await readFile(path.join(root, 'docsgen.config.ts'), 'utf8');
  const relativeImport = /(from\s+)(['"])(\.\.?\/[^'"]+)\2/g;
  await writeFile(path.join(copy, 'docsgen.config.ts'), config.replace(relativeImport, (_match, from: string, quote: string, specifier: string) => `${from}${quote}${path.resolve(root, specifier)}${quote}`));
  return copy;
}
