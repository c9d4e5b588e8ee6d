// The packages the engine runs with, as Node finds them: what `npm install` really put in
// node_modules, whatever tool installed them and whether or not a lock file came along (an
// installed package has none). npm's hidden lock file says it in one read when nothing has
// changed in node_modules since npm wrote it; otherwise each package's own package.json is read.
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `name@version` of every package in the dependency closure of the package at `root`, sorted. */
export function dependencyVersions(root) {
  return lockedVersions(root) ?? installedVersions(root);
}

/** The closure read from each installed package.json, as Node resolves each name. */
function installedVersions(root) {
  const found = new Map();
  // The folder `name` resolves to from `dir`, as Node looks. Most packages hold no node_modules
  // of their own: that is asked once per folder, not once per dependency (15 ms for 305 packages).
  const holdsModules = new Map();
  const packageFolder = (dir, name) => {
    for (let current = dir; ; current = path.dirname(current)) {
      if (path.basename(current) !== 'node_modules') {
        const modules = path.join(current, 'node_modules');
        if (!holdsModules.has(modules)) holdsModules.set(modules, existsSync(modules));
        if (holdsModules.get(modules) && existsSync(path.join(modules, name, 'package.json')))
          return path.join(modules, name);
      }
      if (current === path.dirname(current)) return undefined;
    }
  };
  const queue = [root];
  while (queue.length > 0) {
    const dir = queue.pop();
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const optional = new Set(Object.keys(manifest.optionalDependencies ?? {}));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const folder = packageFolder(dir, name);
      // An optional dependency for another platform is absent; a required one missing is a broken install.
      if (!folder) {
        if (!optional.has(name)) found.set(`${dir}\0${name}`, `${name}@missing`);
        continue;
      }
      if (found.has(folder)) continue;
      found.set(folder, `${name}@${JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version}`);
      queue.push(folder);
    }
  }
  return [...new Set(found.values())].sort();
}

const lockFileName = path.join('node_modules', '.package-lock.json');

/**
 * The same closure from `node_modules/.package-lock.json`, the tree npm writes after it has
 * installed (one JSON read and two stats a package: 15 ms of CPU instead of 32 for this repository's 318),
 * or undefined when it cannot be trusted for every package the closure reaches:
 * - a package.json changed (its ctime, which copying with old times does not hide) after the lock file,
 *   or its folder did (moved in whole, which leaves the package.json's own times as they were);
 * - a package the lock file does not list stands where Node would find it first (a new nested copy);
 * - a package is gone, is a link (in the lock file or on disk), or lies outside the project the lock file describes.
 * npm's own rule is coarser: any folder of node_modules newer than the lock file, which the engine's
 * compile cache in node_modules/.cache makes true after the first start.
 */
function lockedVersions(root) {
  let project = root;
  while (!existsSync(path.join(project, lockFileName)) || path.basename(project) === 'node_modules') {
    if (project === path.dirname(project)) return undefined;
    project = path.dirname(project);
  }
  const rootKey = path.relative(project, root).split(path.sep).join('/');
  const lockFile = path.join(project, lockFileName);
  const lockedAt = statSync(lockFile).mtimeMs;
  let packages;
  try {
    ({ packages } = JSON.parse(readFileSync(lockFile, 'utf8')));
  } catch {
    return undefined;
  }
  if (!packages || (rootKey !== '' && (!rootKey.startsWith('node_modules/') || !packages[rootKey]))) return undefined;
  const onDisk = new Map();
  const exists = (key) => {
    if (!onDisk.has(key)) onDisk.set(key, statSync(path.join(project, key), { throwIfNoEntry: false }));
    return onDisk.get(key);
  };
  // The lock file's key of the folder Node finds `name` in from the package at `key`; null when it
  // is not installed anywhere Node looks; undefined when the lock file cannot say.
  const locate = (key, name) => {
    for (let base = key; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const modules = base ? `${base}/node_modules` : 'node_modules';
      const candidate = `${modules}/${name}`;
      if (packages[candidate]) return candidate;
      if (exists(modules) && exists(`${candidate}/package.json`)) return undefined;
      if (!base) break;
    }
    for (let dir = path.dirname(project); ; dir = path.dirname(dir)) {
      if (path.basename(dir) !== 'node_modules' && existsSync(path.join(dir, 'node_modules', name, 'package.json')))
        return undefined;
      if (dir === path.dirname(dir)) return null;
    }
  };
  const found = new Map();
  const queue = [[rootKey, JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))]];
  while (queue.length > 0) {
    const [key, manifest] = queue.pop();
    const optional = new Set(Object.keys(manifest.optionalDependencies ?? {}));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const folder = locate(key, name);
      if (folder === undefined) return undefined;
      if (folder === null) {
        if (!optional.has(name)) found.set(`${key}\0${name}`, `${name}@missing`);
        continue;
      }
      if (found.has(folder)) continue;
      const entry = packages[folder];
      const installed = exists(`${folder}/package.json`);
      // The folder itself too: a link or a move puts in place a package.json whose times are older.
      const placed = lstatSync(path.join(project, folder), { throwIfNoEntry: false });
      if (entry.link || typeof entry.version !== 'string' || !installed || installed.ctimeMs > lockedAt)
        return undefined;
      if (!placed || placed.isSymbolicLink() || placed.ctimeMs > lockedAt) return undefined;
      found.set(folder, `${name}@${entry.version}`);
      queue.push([folder, entry]);
    }
  }
  return [...new Set(found.values())].sort();
}
