import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';

/** Puts a folder (holding a file, so that it is not simply removed) where a file was. */
async function folderFor(file: string): Promise<void> {
  await rm(file, { recursive: true, force: true });
  await mkdir(file);
  await writeFile(path.join(file, 'stray'), 'x');
}

/** Puts a file where a folder was. */
async function fileFor(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await writeFile(folder, 'not a folder\n');
}

let site: string;
let clean: Map<string, string>;
beforeAll(async () => {
  site = await copyFixtureSite();
  const built = await docsgen(['build', '--no-cache', '--out', 'clean'], site);
  expect(built.code, built.stderr).toBe(0);
  clean = await snapshotDir(path.join(site, 'clean'));
});
afterAll(() => rm(site, { recursive: true, force: true }));

/** Builds twice (repairing, then from what the repair wrote): each exits 0 with the bytes of a build without cache. */
async function expectRepaired(): Promise<void> {
  for (const round of ['repairing', 'after the repair']) {
    const { code, stderr } = await docsgen(['build'], site);
    expect(stderr, round).not.toMatch(/EISDIR|ENOTDIR|EEXIST|\n\s+at /);
    expect(code, `${round}: ${stderr}`).toBe(0);
    expect(await snapshotDir(path.join(site, 'dist')), round).toEqual(clean);
  }
}

/** The engine's folder in the cache (`.docsgen-cache/<fingerprint>`), after a build with the cache. */
async function fingerprintFolder(): Promise<string> {
  const { code, stderr } = await docsgen(['build'], site);
  expect(code, stderr).toBe(0);
  const names = (await readdir(path.join(site, '.docsgen-cache'))).filter((name) => /^[0-9a-f]{16}$/.test(name));
  expect(names).toHaveLength(1);
  return path.join(site, '.docsgen-cache', names[0]);
}

describe('a damaged cache structure is a miss, and is built again', () => {
  it('.docsgen-cache a file (ENOTDIR)', async () => {
    await rm(path.join(site, '.docsgen-cache'), { recursive: true, force: true });
    await writeFile(path.join(site, '.docsgen-cache'), 'not a folder\n');
    await expectRepaired();
  });

  it('the engine fingerprint folder a file (ENOTDIR)', async () => {
    await fileFor(await fingerprintFolder());
    await expectRepaired();
  });

  it('every file of the cache a folder (EISDIR), and every folder below the fingerprint a file', async () => {
    const fingerprint = await fingerprintFolder();
    const entries = await readdir(fingerprint, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.filter((file) => file.endsWith('.pack')).length).toBeGreaterThan(3);
    for (const file of files) await folderFor(file);
    await expectRepaired();

    const again = await fingerprintFolder();
    const folders = (await readdir(again, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(again, entry.name));
    expect(folders.length).toBeGreaterThan(3);
    for (const folder of folders) await fileFor(folder);
    await expectRepaired();
  });

  it('the folder of the compiled config (node_modules/.cache/docsgen) a file', async () => {
    await fileFor(path.join(site, 'node_modules/.cache/docsgen'));
    await expectRepaired();
  });

  it('serve --watch starts and serves with .docsgen-cache a file', async () => {
    await rm(path.join(site, '.docsgen-cache'), { recursive: true, force: true });
    await writeFile(path.join(site, '.docsgen-cache'), 'not a folder\n');
    const server = await startServe(['--watch'], site);
    try {
      const response = await fetch(`${server.url}/docs/intro/`);
      expect(response.status).toBe(200);
      expect(server.output()).not.toMatch(/ENOTDIR|\n\s+at /);
    } finally {
      await interrupt(server.child);
    }
  });
});
