import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cliPath } from '../helpers/cli.ts';

const run = promisify(execFile);

/** Runs the CLI from a folder removed after the shell entered it (a `git clean` or `rm -rf` in another terminal). */
async function fromDeletedFolder(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'docsgen-gone-'));
  const script = 'cd "$1" && rmdir "$1" && shift && exec "$@"';
  try {
    const { stdout, stderr } = await run('sh', ['-c', script, 'sh', folder, process.execPath, cliPath, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

describe('the CLI started in a folder that no longer exists', () => {
  it.each([['build'], ['check-links'], ['serve']])(
    '%s says so, without a stack trace (usage error)',
    async (command) => {
      const { code, stderr } = await fromDeletedFolder([command]);
      expect(stderr).toBe(
        'Error: the current folder no longer exists (it was deleted or moved away while this shell was in it): cd into the project again.\n',
      );
      expect(code).toBe(2);
    },
  );
});
