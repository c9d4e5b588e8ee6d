// The packages the engine runs with, as Node finds them: what `npm install` really put in
// node_modules, read from each package's own package.json, whatever tool installed them and
// whether or not a lock file came along (an installed package has none).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `name@version` of every package in the dependency closure of the package at `root`, sorted. */
export function dependencyVersions(root) {
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
