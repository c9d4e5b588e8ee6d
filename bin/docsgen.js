#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// React's production build: the development one is several times slower to render.
process.env.NODE_ENV ??= 'production';
// Each heap (this thread's and every render worker's) may grow to twice what was live after its
// last full collection, not V8's up to four times on a machine with 16 GB or more: a build's
// peak is mostly garbage not yet collected. GitHub's reference, cold: peak 1,208 → 958 MB at the
// same CPU (28.0 → 28.3 s, farm-bench pairs). Read by V8 at each collection, for workers too.
setFlagsFromString('--heap-growing-percent=100');
// A function is optimised by TurboFan after 8 times V8's default budget of bytecode run (67,584):
// a build runs for seconds, and optimising every function that was warm for a moment cost more
// than it saved (GitHub's reference, cold: TurboFan's compiles ~4.5 s of ~17.5 s of CPU, found by
// moving them onto the threads that asked: `--no-concurrent-recompilation`). Workers too.
// Measured (farm-bench pairs, n=3, CPU of the whole process, cold): GitHub's reference 0.890
// (0.868–0.945), 1,000 varied pages 0.910 (0.903–0.956); output identical.
setFlagsFromString('--interrupt-budget=540672');
// A shell whose folder was deleted (or moved away) under it: Node's process.cwd() throws ENOENT,
// and so does every module that reads it as it loads (esbuild's, the CLI's default --root).
try {
  process.cwd();
} catch (error) {
  if (error?.code !== 'ENOENT') throw error;
  process.stderr.write(
    'Error: the current folder no longer exists (it was deleted or moved away while this shell was in it): cd into the project again.\n',
  );
  process.exit(2);
}
const { compiledEntry } = await import('./compileEngine.js');
const { main } = await import(await compiledEntry('src/cli/main.ts'));
const exitCode = await main(process.argv);
// The command is done when main returns (serve's too: after its server closed), so the process
// ends here, once what it printed is out, without V8 tearing down its heaps one page at a time
// (~3% of the CPU of a CI build: its cache restored, one page edited).
await Promise.all(
  [process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))),
);
process.exit(exitCode);
