// Loaded with `node --import` into a build that a test kills: the build stops itself (SIGSTOP) at
// one step of the output folder's swap, seen as the rename of a folder of its journal
// (src/write/outputDir.ts), says so on stderr, and waits for the test to kill it there. Nothing
// of it is in the engine.
import { writeSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const journal = (kind) => new RegExp(`^\\..+-${kind}-\\d+-[0-9a-z]+$`);
/** Each step: the rename it stands at, and whether the process stops before or after it. */
const steps = {
  staged: { from: journal('staging'), when: 'before' },
  complete: { from: journal('staging'), when: 'after' },
  moved: { to: journal('previous'), when: 'after' },
  published: { from: journal('next'), when: 'after' },
};
const step = steps[process.env.DOCSGEN_TEST_STOP_AT];

function stop() {
  writeSync(2, `stopped at ${process.env.DOCSGEN_TEST_STOP_AT}\n`);
  process.kill(process.pid, 'SIGSTOP');
}

if (step) {
  const rename = fsPromises.rename;
  fsPromises.rename = async (from, to) => {
    const matches =
      (step.from?.test(path.basename(String(from))) ?? true) && (step.to?.test(path.basename(String(to))) ?? true);
    if (matches && step.when === 'before') stop();
    await rename(from, to);
    if (matches && step.when === 'after') stop();
  };
  // ESM's named imports of node:fs/promises follow the patched function.
  syncBuiltinESMExports();
}
