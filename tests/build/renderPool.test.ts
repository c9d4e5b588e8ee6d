import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { writeLargeSite } from '../helpers/largeSite.ts';
import { cliPath, docsgen, recordingImports, renderWorkerModule, withRenderWorker } from '../helpers/cli.ts';
import { snapshotDir } from '../helpers/fixtureSite.ts';

/**
 * The CLI renders a site this size on several cores: the build's thread and a worker thread take
 * jobs side by side (the tests' in-process builds render everything in one thread). On 2 cores, as
 * CI has, a build starts no worker (src/build/renderPool.ts), so these builds ask for one. Both
 * must give the same bytes, and an error in a page a worker renders must stop the build like any other.
 */
let site: string;

beforeAll(async () => {
  site = await writeLargeSite();
}, 60_000);

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('rendering on worker threads', () => {
  it('gives byte for byte what rendering in one thread gives', async () => {
    const record = path.join(site, 'imports.txt');
    await writeFile(record, '');
    const cli = await docsgen(['build', '--no-cache', '--out', 'dist-threads'], site, cliPath, {
      ...withRenderWorker,
      ...recordingImports(record),
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(await readFile(record, 'utf8')).toMatch(renderWorkerModule);
    await build({ root: site, outDir: 'dist-one-thread', cache: false });
    const threads = await snapshotDir(path.join(site, 'dist-threads'));
    const oneThread = await snapshotDir(path.join(site, 'dist-one-thread'));
    expect(threads.size).toBeGreaterThan(170);
    expect([...threads.keys()].sort()).toEqual([...oneThread.keys()].sort());
    for (const [file, content] of threads) expect(content, file).toBe(oneThread.get(file));
  }, 180_000);

  it('stops at an error in a page rendered late, naming its file, line and column, and keeps the previous output', async () => {
    const before = await snapshotDir(path.join(site, 'dist-threads'));
    // The last section's last page: its job runs after the workers have started.
    const page = path.join(site, 'content/docs/gamma/page-30.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\n:::cuation\nText.\n:::\n`);
    const cli = await docsgen(['build', '--no-cache', '--out', 'dist-threads'], site, cliPath, withRenderWorker);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/gamma\/page-30\.md:\d+:1: unknown directive ":::cuation"/);
    expect(await snapshotDir(path.join(site, 'dist-threads'))).toEqual(before);
  }, 180_000);
});
