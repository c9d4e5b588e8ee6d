import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';
import { esbuildError } from '../esbuild/esbuildError.ts';
import { engineRoot } from '../engineRoot.ts';
import { makeCacheFolder } from '../cache/cacheFolder.ts';
import { writeAside } from '../fs/writeAside.ts';

/** The config compiled to a module, and what it took to compile it. */
export interface CompiledConfig {
  /** The compiled module, ready to import. */
  file: string;
  /** Hash of the compiled code, part of every cache key. */
  hash: string;
}

/** What a compile read, kept beside its output: each input file with the hash of its text. */
interface CompileRecord {
  esbuild: string;
  inputs: [file: string, hash: string][];
  hash: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Compiles `docsgen.config.ts` (and the local files it imports) to one ES module under
 * `node_modules/.cache/docsgen`. The compile is done again only when one of the files it read
 * changed: starting esbuild's service cost every build and every `serve` 20 to 45 ms. The
 * record of what a compile read is checked file by file, and the compiled module against its
 * hash, so a damaged or stale cache compiles afresh.
 */
export async function compileConfig(absolute: string): Promise<CompiledConfig> {
  const cacheDir = path.join(path.dirname(absolute), 'node_modules', '.cache', 'docsgen');
  const recordFile = path.join(cacheDir, `config-inputs-${sha256(absolute).slice(0, 16)}.json`);
  const esbuildVersion = installedEsbuildVersion();
  const kept = await keptCompile(recordFile, cacheDir, esbuildVersion);
  if (kept) return kept;

  const esbuild = await import('esbuild');
  let result: Awaited<ReturnType<typeof esbuild.build>>;
  try {
    result = await esbuild.build({
      entryPoints: [absolute],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      plugins: [runningEngine],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error) {
    throw esbuildError(error, 'config could not be compiled', { dir: process.cwd(), file: absolute });
  }
  const code = result.outputFiles![0].text;
  const hash = sha256(code).slice(0, 16);
  await makeCacheFolder(cacheDir);
  const file = compiledFile(cacheDir, hash);
  await writeAside(file, code);
  const inputs: CompileRecord['inputs'] = [];
  for (const input of Object.keys(result.metafile!.inputs)) {
    const inputFile = path.resolve(input);
    inputs.push([inputFile, sha256(await readFile(inputFile))]);
  }
  await writeAside(recordFile, JSON.stringify({ esbuild: esbuildVersion, inputs, hash } satisfies CompileRecord));
  return { file, hash };
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

const compiledFile = (cacheDir: string, hash: string) => path.join(cacheDir, `config-${hash}.mjs`);

/** The last compile, when every file it read is unchanged and its module is whole; undefined otherwise. */
async function keptCompile(
  recordFile: string,
  cacheDir: string,
  esbuildVersion: string,
): Promise<CompiledConfig | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as CompileRecord;
    if (
      record.esbuild !== esbuildVersion ||
      !Array.isArray(record.inputs) ||
      record.inputs.length === 0 ||
      typeof record.hash !== 'string'
    )
      return undefined;
    for (const [file, hash] of record.inputs) {
      if (sha256(await readFile(file)) !== hash) return undefined;
    }
    const file = compiledFile(cacheDir, record.hash);
    if (sha256(await readFile(file)).slice(0, 16) !== record.hash) return undefined;
    return { file, hash: record.hash };
  } catch {
    return undefined;
  }
}

function installedEsbuildVersion(): string {
  return (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
}
