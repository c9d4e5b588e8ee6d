import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { projectRoot } from './fixtureSite.ts';

/**
 * Makes this process run its threads from a compiled engine folder (DOCSGEN_ENGINE_DIR) holding only the thread `entry`
 * (`src/search/searchIndexWorker.mjs`), which, once started, says so on a broadcast channel and
 * waits to be let go before it loads the real one: while it waits, its work has been asked for
 * and is not done. The engine's other threads are missing from it, so their work is done where
 * it is asked for. Compiles the engine first, as `docsgen` does.
 */
export async function heldWorkerEngine(entry: string): Promise<{
  /** Resolves once the thread has started, and is waiting. */
  held: Promise<unknown>;
  /** Lets it go on. */
  release(): void;
  /** Gives the process back the engine folder it had, and removes this one. */
  remove(): Promise<void>;
}> {
  const compiler = (await import(pathToFileURL(path.join(projectRoot, 'bin/compileEngine.js')).href)) as {
    compiledEntry: (entry: string) => Promise<string>;
  };
  const previous = process.env.DOCSGEN_ENGINE_DIR;
  await compiler.compiledEntry('src/cli/main.ts');
  const real = pathToFileURL(path.join(process.env.DOCSGEN_ENGINE_DIR!, entry)).href;
  if (previous === undefined) delete process.env.DOCSGEN_ENGINE_DIR;
  else process.env.DOCSGEN_ENGINE_DIR = previous;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-held-engine-'));
  const name = `docsgen-test-held-${path.basename(dir)}`;
  await mkdir(path.dirname(path.join(dir, entry)), { recursive: true });
  await writeFile(
    path.join(dir, entry),
    `import { BroadcastChannel } from 'node:worker_threads';
const channel = new BroadcastChannel(${JSON.stringify(name)});
await new Promise((resolve) => {
  channel.onmessage = resolve;
  channel.postMessage('held');
});
channel.close();
await import(${JSON.stringify(real)});
`,
  );
  const channel = new BroadcastChannel(name);
  // A test that fails before letting it go still ends.
  channel.unref();
  const held = new Promise((resolve) => (channel.onmessage = resolve));
  process.env.DOCSGEN_ENGINE_DIR = dir;
  return {
    held,
    release() {
      channel.postMessage('go');
      channel.close();
    },
    async remove() {
      if (previous === undefined) delete process.env.DOCSGEN_ENGINE_DIR;
      else process.env.DOCSGEN_ENGINE_DIR = previous;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
