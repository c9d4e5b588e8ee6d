import path from 'node:path';
import type { Plugin } from 'esbuild';
import { engineRoot } from '../engineRoot.ts';
import { keptCompile, type KeptCompile } from '../esbuild/keptCompile.ts';

/**
 * Compiles `docsgen.config.ts` (and the local files it imports) to one ES module under
 * `node_modules/.cache/docsgen`, again only when one of the files it read changed (keptCompile.ts).
 * Its hash is part of every cache key; its inputs are what the dev server watches besides the config.
 */
export function compileConfig(absolute: string): Promise<KeptCompile> {
  const root = path.dirname(absolute);
  return keptCompile({
    cacheDir: path.join(root, 'node_modules', '.cache', 'docsgen'),
    name: 'config',
    slot: absolute,
    options: { entryPoints: [absolute], absWorkingDir: root, packages: 'external', plugins: [runningEngine] },
    failure: { what: 'config could not be compiled', file: absolute },
  });
}

/**
 * `import { defineConfig } from 'docsgen'` is the engine that runs, whether the project installed
 * it, runs it with npx, or is the engine's own repository: bundled in, never looked up at runtime.
 */
export const runningEngine: Plugin = {
  name: 'docsgen-running-engine',
  setup(build) {
    build.onResolve({ filter: /^docsgen$/ }, () => ({ path: path.join(engineRoot, 'src/index.ts') }));
  },
};
