import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './fixtureSite.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What `npm pack` made: the tarball, its size and the files it holds. */
export interface PackedEngine {
  tarball: string;
  size: number;
  files: string[];
}

/** `npm pack` of this repository into `dir`, as a publish would make it (its `prepack` included). */
export async function packEngine(dir: string): Promise<PackedEngine> {
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', dir], {
    cwd: projectRoot,
    maxBuffer: 32 * 1024 * 1024,
  });
  // `prepack` may print before the JSON.
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    filename: string;
    size: number;
    files: { path: string }[];
  }[];
  return { tarball: path.join(dir, packed.filename), size: packed.size, files: packed.files.map((file) => file.path) };
}

interface LockEntry {
  dev?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

/**
 * Installs the packed engine into `project` (a folder with nothing in it) with npm, offline: the
 * project's lockfile pins the engine to the tarball and its dependencies to this repository's
 * lockfile (without its dev dependencies), whose packages `npm ci` here left in npm's cache.
 * Returns the installed CLI.
 */
export async function installPackedEngine(project: string, tarball: string): Promise<string> {
  const lock = JSON.parse(await readFile(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const engine = lock.packages[''] as LockEntry & { dependencies: Record<string, string> };
  const spec = `file:${path.relative(project, tarball).split(path.sep).join('/')}`;
  const integrity = `sha512-${createHash('sha512')
    .update(await readFile(tarball))
    .digest('base64')}`;
  const dependencies = Object.entries(lock.packages).filter(
    ([key, entry]) => key.startsWith('node_modules/') && !entry.dev && !entry.link,
  );
  const manifest = { name: 'installed-engine-site', private: true, type: 'module', dependencies: { docsgen: spec } };
  const projectLock = {
    name: manifest.name,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: manifest.name, dependencies: manifest.dependencies },
      'node_modules/docsgen': {
        version: engine.version,
        resolved: spec,
        integrity,
        license: engine.license,
        dependencies: engine.dependencies,
        bin: engine.bin,
        engines: engine.engines,
      },
      ...Object.fromEntries(dependencies),
    },
  };
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(project, 'package-lock.json'), `${JSON.stringify(projectLock, null, 2)}\n`);
  await run(npm, ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project, maxBuffer: 32 * 1024 * 1024 });
  return path.join(project, 'node_modules/docsgen/bin/docsgen.js');
}
