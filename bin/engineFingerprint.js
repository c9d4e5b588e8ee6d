// The engine's fingerprint, from content: the code that turns content into HTML (src/ and
// templates/) and the versions of the libraries it runs with as installed. Worked out by
// bin/compileEngine.js when it compiles the engine, which carries it from then on, and by the
// source itself when it runs uncompiled (tests) or for another install's folder.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The fingerprint of the engine at `root`, given the installed versions of its dependencies. */
export function contentFingerprint(root, dependencies) {
  const hash = createHash('sha256');
  const files = [];
  for (const dir of ['src', 'templates']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  for (const dependency of dependencies) hash.update(dependency).update('\0');
  return hash.digest('hex').slice(0, 16);
}
