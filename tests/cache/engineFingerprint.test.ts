import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { engineFingerprint } from '../../src/cache/engineFingerprint.ts';
import { dependencyVersions } from '../../bin/dependencyVersions.js';
import { docsgen } from '../helpers/cli.ts';
import { copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const manifest = (
  name: string,
  version: string,
  dependencies: Record<string, string> = {},
  optionalDependencies: Record<string, string> = {},
) => JSON.stringify({ name, version, dependencies, optionalDependencies });

/** An installed engine as npm lays it out in a project: no lock file, dependencies hoisted or nested. */
async function installedEngine(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-installed-'));
  const engine = path.join(dir, 'node_modules/docsgen');
  const files: Record<string, string> = {
    'node_modules/docsgen/package.json': manifest('docsgen', '1.0.0', { a: '^1', b: '^2' }, { 'other-platform': '1' }),
    'node_modules/docsgen/src/main.ts': 'export {};\n',
    'node_modules/docsgen/templates/Page.tsx': 'export {};\n',
    'node_modules/a/package.json': manifest('a', '1.2.0', { c: '^1' }),
    'node_modules/c/package.json': manifest('c', '1.0.0'),
    // The project's own b is another major: the engine's b is nested below it.
    'node_modules/b/package.json': manifest('b', '9.0.0'),
    'node_modules/docsgen/node_modules/b/package.json': manifest('b', '2.1.0', { c: '^1' }),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return engine;
}

describe('the engine fingerprint of an installed package', () => {
  it('reads the installed versions of the dependency closure as Node resolves them, without a lock file', async () => {
    const engine = await installedEngine();
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@1.0.0']);
    expect(engineFingerprint(engine)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes when a dependency, even one of a dependency, is installed at another version', async () => {
    const engine = await installedEngine();
    const before = engineFingerprint(engine);
    await writeFile(path.join(dir!, 'node_modules/c/package.json'), manifest('c', '1.0.1'));
    expect(engineFingerprint(engine)).not.toBe(before);
  });

  it('names a required dependency that is not installed', async () => {
    const engine = await installedEngine();
    await rm(path.join(dir!, 'node_modules/c'), { recursive: true });
    expect(dependencyVersions(engine)).toContain('c@missing');
  });
});

/**
 * npm's hidden lock file for `installedEngine()`, as npm writes it once every package is in place:
 * the tree, one entry a folder. `c` is recorded as 1.0.0-locked so that a test sees which was read.
 */
async function lockInstall(): Promise<string> {
  const lockFile = path.join(dir!, 'node_modules/.package-lock.json');
  const packages = {
    'node_modules/docsgen': { version: '1.0.0', dependencies: { a: '^1', b: '^2' } },
    'node_modules/a': { version: '1.2.0', dependencies: { c: '^1' } },
    'node_modules/b': { version: '9.0.0' },
    'node_modules/c': { version: '1.0.0-locked' },
    'node_modules/docsgen/node_modules/b': { version: '2.1.0', dependencies: { c: '^1' } },
  };
  await writeFile(lockFile, JSON.stringify({ name: 'project', lockfileVersion: 3, requires: true, packages }));
  return lockFile;
}

/** Writes `file` under the project until its change time is later than the lock file's write (the clock ticks coarsely). */
async function writeAfter(lockFile: string, file: string, text: string): Promise<void> {
  const lockedAt = statSync(lockFile).mtimeMs;
  await mkdir(path.dirname(path.join(dir!, file)), { recursive: true });
  do await writeFile(path.join(dir!, file), text);
  while (statSync(path.join(dir!, file)).ctimeMs <= lockedAt);
}

describe("the installed versions with npm's hidden lock file", () => {
  it('are read from the lock file when nothing changed in node_modules since npm wrote it', async () => {
    const engine = await installedEngine();
    await lockInstall();
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@1.0.0-locked']);
  });

  it("are read from the packages when a dependency's package.json changed after the lock file", async () => {
    const engine = await installedEngine();
    const lockFile = await lockInstall();
    const before = engineFingerprint(engine);
    await writeAfter(lockFile, 'node_modules/c/package.json', manifest('c', '1.0.1'));
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@1.0.1']);
    expect(engineFingerprint(engine)).not.toBe(before);
  });

  it('see a package installed after the lock file where Node finds it before the locked one', async () => {
    const engine = await installedEngine();
    const lockFile = await lockInstall();
    await writeAfter(lockFile, 'node_modules/docsgen/node_modules/c/package.json', manifest('c', '3.0.0'));
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@1.0.0', 'c@3.0.0']);
  });

  it('name a locked package that is gone as the walk does', async () => {
    const engine = await installedEngine();
    await lockInstall();
    await rm(path.join(dir!, 'node_modules/c'), { recursive: true });
    expect(dependencyVersions(engine)).toContain('c@missing');
  });

  it('are read from the packages when a package folder was linked by hand after the lock file', async () => {
    const engine = await installedEngine();
    // A checkout of c whose package.json is older than the lock file: its change time cannot tell.
    await mkdir(path.join(dir!, 'c-checkout'));
    await writeFile(path.join(dir!, 'c-checkout/package.json'), manifest('c', '2.0.0-dev'));
    await lockInstall();
    await rm(path.join(dir!, 'node_modules/c'), { recursive: true });
    await symlink(path.join(dir!, 'c-checkout'), path.join(dir!, 'node_modules/c'));
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@2.0.0-dev']);
  });

  it('are read from the packages when a package folder was moved in after the lock file', async () => {
    const engine = await installedEngine();
    await mkdir(path.join(dir!, 'c-unpacked'));
    await writeFile(path.join(dir!, 'c-unpacked/package.json'), manifest('c', '2.0.0'));
    const lockFile = await lockInstall();
    await rm(path.join(dir!, 'node_modules/c'), { recursive: true });
    // Moved in until the move is later than the lock file's write (the clock ticks coarsely).
    const [from, to] = [path.join(dir!, 'c-unpacked'), path.join(dir!, 'node_modules/c')];
    await rename(from, to);
    while (statSync(to).ctimeMs <= statSync(lockFile).mtimeMs) {
      await rename(to, from);
      await rename(from, to);
    }
    expect(dependencyVersions(engine)).toEqual(['a@1.2.0', 'b@2.1.0', 'c@2.0.0']);
  });

  it("are this repository's own closure as its packages' files give it", async () => {
    const locked = dependencyVersions(projectRoot);
    expect(locked.length).toBeGreaterThan(100);
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-unlocked-'));
    // The same tree without the lock file (each installed folder linked in): every package.json is read.
    await writeFile(path.join(dir, 'package.json'), await readFile(path.join(projectRoot, 'package.json')));
    await mkdir(path.join(dir, 'node_modules'));
    for (const name of await readdir(path.join(projectRoot, 'node_modules')))
      if (name !== '.package-lock.json')
        await symlink(path.join(projectRoot, 'node_modules', name), path.join(dir, 'node_modules', name));
    expect(dependencyVersions(dir)).toEqual(locked);
  });
});

describe('the engine fingerprint of the compiled engine', () => {
  it('is the one its sources give: the bundle carries it from when it was compiled', async () => {
    dir = await copyFixtureSite();
    const build = await docsgen(['build', '--quiet'], dir);
    expect(build.code, build.stderr).toBe(0);
    expect(await readdir(path.join(dir, '.docsgen-cache'))).toContain(engineFingerprint(projectRoot));
  }, 180_000);
});
