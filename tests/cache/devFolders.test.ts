import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { interrupt, startServe } from '../helpers/cli.ts';

/** The id of a process that has ended (its folder is what a server killed without Ctrl+C leaves). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe("dev servers' scratch folders (.docsgen-cache/dev-<pid>)", () => {
  let site: string;
  beforeAll(async () => {
    site = await copyFixtureSite();
  });
  afterAll(async () => {
    await rm(site, { recursive: true, force: true });
  });

  it('are removed on Ctrl+C and SIGTERM, and those of servers gone are removed when one starts', async () => {
    const cache = path.join(site, '.docsgen-cache');
    const stale = path.join(cache, `dev-${await endedPid()}`);
    await mkdir(path.join(stale, 'search/index'), { recursive: true });
    await writeFile(path.join(stale, 'search/index/r0.bin'), 'left by a server killed with SIGKILL');

    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const server = await startServe(['--watch'], site);
      const own = path.join(cache, `dev-${server.child.pid}`);
      expect(existsSync(own)).toBe(true);
      expect(existsSync(stale)).toBe(false);
      expect((await fetch(`${server.url}/docs/intro/`)).status).toBe(200);
      const code =
        signal === 'SIGINT'
          ? await interrupt(server.child)
          : await new Promise((resolve) => server.child.once('exit', resolve).kill(signal));
      expect(code).toBe(0);
      expect(server.output()).not.toMatch(/ENOTEMPTY|\n\s+at /);
      expect((await readdir(cache)).filter((name) => name.startsWith('dev-'))).toEqual([]);
    }
  });
});
