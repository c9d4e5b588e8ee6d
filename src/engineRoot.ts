import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The docsgen install's own folder (where package.json, the theme and the browser runtime
 * are), found from this module whether it runs from source or from the compiled bundle.
 */
function findEngineRoot(): string {
  // Set by bin/compileEngine.js when running the compiled bundle, which lives in a cache folder.
  if (process.env.DOCSGEN_ENGINE_ROOT) return process.env.DOCSGEN_ENGINE_ROOT;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'docsgen')
      return dir;
    dir = path.dirname(dir);
  }
  throw new Error('cannot find the docsgen package folder');
}

/** The docsgen install's own folder (see findEngineRoot). */
export const engineRoot = findEngineRoot();

/**
 * A worker thread's compiled module (`sourcePath`, e.g. 'src/build/renderWorker.mjs'), when the
 * engine runs compiled (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR); from source (most tests)
 * there is none, and the caller does the work in its own thread.
 */
export function compiledWorkerFile(sourcePath: string): string | undefined {
  const engineDir = process.env.DOCSGEN_ENGINE_DIR;
  const file = engineDir ? path.join(engineDir, sourcePath) : undefined;
  return file && existsSync(file) ? file : undefined;
}
