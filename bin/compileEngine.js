// Compiles the engine's TypeScript (src/, templates/, bench/) to one ESM bundle with esbuild and
// imports it. The bundle is cached under node_modules/.cache by the sources' sizes and mtimes,
// so a start costs a stat of each source file, not a TypeScript loader on every import.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDirs = ['src', 'templates', 'bench'];

function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const dir of sourceDirs) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true }).sort((a, b) => (a.parentPath + a.name).localeCompare(b.parentPath + b.name))) {
      if (!entry.isFile() || !/\.(tsx?|css)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
    }
  }
  hash.update(JSON.stringify(process.versions.node));
  return hash.digest('hex').slice(0, 16);
}

/** Builds (if needed) and returns the file URL of the compiled entry point `entry` (e.g. 'src/cli/main.ts'). */
export async function compiledEntry(entry) {
  const fingerprint = sourceFingerprint();
  const outDir = path.join(root, 'node_modules', '.cache', 'docsgen', `engine-${fingerprint}`);
  const name = entry.replace(/\.(tsx?)$/, '.mjs');
  const outFile = path.join(outDir, name);
  if (!existsSync(outFile)) {
    const esbuild = await import('esbuild');
    const staging = `${outDir}.${process.pid}.tmp`;
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['src/cli/main.ts', 'src/build/renderWorker.ts', 'src/serve/devSite.ts', 'bench/run.ts'].filter((file) => existsSync(path.join(root, file))),
      outdir: staging,
      outbase: root,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'inline',
      logLevel: 'warning',
    });
    mkdirSync(path.dirname(outDir), { recursive: true });
    try {
      renameSync(staging, outDir);
    } catch (error) {
      // Another process compiled the same fingerprint first; its bundle is identical.
      if (!existsSync(outFile)) throw error;
    }
  }
  // Worker threads load their entry from the same compiled folder.
  process.env.DOCSGEN_ENGINE_DIR = outDir;
  process.env.DOCSGEN_ENGINE_ROOT = root;
  return pathToFileURL(outFile).href;
}
