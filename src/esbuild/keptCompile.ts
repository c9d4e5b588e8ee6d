import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { BuildOptions } from 'esbuild';
import { esbuildError } from './esbuildError.ts';
import { makeCacheFolder } from '../cache/cacheFolder.ts';
import { writeAside } from '../fs/writeAside.ts';
import { isInside } from '../fs/isInside.ts';

/** A compile of the project's own code (the config, the theme component overrides), and what it read. */
export interface KeptCompile {
  /** The compiled module, ready to import: `<name>-<hash>.mjs`. */
  file: string;
  /** Hash of the compiled code. */
  hash: string;
  /** Every file the compile read (absolute paths): an edit to one of them compiles again. */
  inputs: string[];
}

/** What to compile, and where its output and the record of its last compile are kept. */
export interface KeptCompileRequest {
  /** The project's cache folder (`node_modules/.cache/docsgen`). */
  cacheDir: string;
  /** Names the compiled module and the record: `config`, `components`. */
  name: string;
  /** Which compile of that name this is (a project may have several configs): one record each. */
  slot: string;
  /** esbuild's options: bundled to one ES module for Node, with a metafile. Part of the record. */
  options: BuildOptions;
  /** What the output depends on that no file read holds (the engine's modules a component is lent). */
  signature?: string;
  /** What a compile error says (`config could not be compiled`), and the file it is reported at when esbuild gives no place. */
  failure: { what: string; file: string };
}

/**
 * What a compile read, kept beside its output: each input file with the hash of its text, named
 * from the project (`absWorkingDir`) when it is inside it, so that a project restored at another
 * path with its cache (a CI runner's checkout) keeps its compile; the engine's files, outside a
 * project that does not install it, by their absolute paths.
 */
interface CompileRecord {
  signature: string;
  inputs: [file: string, hash: string][];
  hash: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Compiles the project's code with esbuild to one ES module under the cache folder, again only
 * when a file the last compile read changed (or esbuild, its options or `signature` did):
 * starting esbuild's service cost every build and every `serve` 20 to 45 ms. The record of what
 * a compile read is checked file by file, and the compiled module against its hash, so a damaged
 * or stale cache compiles afresh. Its inputs are what the dev server watches.
 */
export async function keptCompile(request: KeptCompileRequest): Promise<KeptCompile> {
  const { cacheDir, name, slot, options } = request;
  const absWorkingDir = options.absWorkingDir ?? process.cwd();
  // Paths in the slot and the options named from the project, as the inputs are.
  const named = (_key: string, value: unknown) =>
    typeof value === 'string' && path.isAbsolute(value) ? nameOf(absWorkingDir, value) : value;
  const recordFile = path.join(cacheDir, `${name}-inputs-${sha256(nameOf(absWorkingDir, slot)).slice(0, 16)}.json`);
  const signature = sha256(JSON.stringify([installedEsbuildVersion(), options, request.signature ?? null], named));
  const kept = await keptOutput(recordFile, cacheDir, name, signature, absWorkingDir);
  if (kept) return kept;

  const esbuild = await import('esbuild');
  const started = Date.now();
  let result: Awaited<ReturnType<typeof esbuild.build>>;
  try {
    result = await esbuild.build({
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      ...options,
      absWorkingDir,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error) {
    throw esbuildError(error, request.failure.what, { dir: absWorkingDir, file: request.failure.file });
  }
  const code = result.outputFiles![0]!.text;
  const hash = sha256(code).slice(0, 16);
  await makeCacheFolder(cacheDir);
  const file = compiledFile(cacheDir, name, hash);
  await writeAside(file, code);
  const inputs: CompileRecord['inputs'] = [];
  const stdin = options.stdin?.sourcefile ?? '<stdin>';
  // An input saved while esbuild ran may hold other text than it read: its size says so (what
  // esbuild read is in the metafile), or its time does where the size is the same.
  let savedDuring = false;
  for (const [input, { bytes }] of Object.entries(result.metafile!.inputs)) {
    if (input === stdin || inNamespace(input)) continue;
    const inputFile = path.resolve(absWorkingDir, input);
    const text = await readFile(inputFile);
    inputs.push([inputFile, sha256(text)]);
    if (text.length !== bytes) savedDuring = true;
  }
  savedDuring ||= await changedSince(
    inputs.map(([inputFile]) => inputFile),
    started - clockSlackMs,
  );
  // The record says which text the module was compiled from: a compile that may not be of the
  // text the files hold now is used, and compiled again at the next load.
  if (!savedDuring) {
    const record: CompileRecord = {
      signature,
      inputs: inputs.map(([inputFile, inputHash]) => [nameOf(absWorkingDir, inputFile), inputHash]),
      hash,
    };
    await writeAside(recordFile, JSON.stringify(record));
  }
  return { file, hash, inputs: inputs.map(([inputFile]) => inputFile) };
}

/**
 * How long before a compile started a change to a file it read still counts as made during it:
 * file times come from a clock that lags the process's by up to a tick (a few ms). A file changed
 * that recently is compiled again at the next load (one more compile, 20 to 45 ms).
 */
export const clockSlackMs = 100;

/** Whether any of the files changed (its content or its inode's status) at or after `since`, or is gone. */
async function changedSince(files: string[], since: number): Promise<boolean> {
  for (const file of files) {
    const info = await stat(file).catch(() => undefined);
    if (!info || Math.max(info.mtimeMs, info.ctimeMs) >= since) return true;
  }
  return false;
}

/** A file named from the project when it is inside it (`./`-relative), else by its absolute path. */
const nameOf = (project: string, file: string) =>
  isInside(project, file) ? `./${path.relative(project, file).split(path.sep).join('/')}` : file;

/** A metafile input of a plugin's namespace (`docsgen-runtime:react`), not a file. */
const inNamespace = (input: string) => /^[\w-]+:/.test(input);

const compiledFile = (cacheDir: string, name: string, hash: string) => path.join(cacheDir, `${name}-${hash}.mjs`);

/** The last compile, when every file it read is unchanged and its module is whole; undefined otherwise. */
async function keptOutput(
  recordFile: string,
  cacheDir: string,
  name: string,
  signature: string,
  project: string,
): Promise<KeptCompile | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as CompileRecord;
    if (
      record.signature !== signature ||
      !Array.isArray(record.inputs) ||
      record.inputs.length === 0 ||
      typeof record.hash !== 'string'
    )
      return undefined;
    const inputs = record.inputs.map(([input]) => path.resolve(project, input));
    for (const [index, [, hash]] of record.inputs.entries()) {
      if (sha256(await readFile(inputs[index])) !== hash) return undefined;
    }
    const file = compiledFile(cacheDir, name, record.hash);
    if (sha256(await readFile(file)).slice(0, 16) !== record.hash) return undefined;
    return { file, hash: record.hash, inputs };
  } catch {
    return undefined;
  }
}

function installedEsbuildVersion(): string {
  return (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
}
