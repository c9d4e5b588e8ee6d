import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { engineRoot } from '../engineRoot.ts';
import { dependencyVersions } from '../../bin/dependencyVersions.js';

/**
 * A hash of the code that turns content into HTML (the engine, the theme, and the versions of
 * the libraries they use as installed, which a lock file need not describe: an installed
 * package has none), from their content, not their paths or times: a cache restored into a
 * fresh clone elsewhere (CI's `actions/cache`) is used as it is. Cached renderings are only
 * reused under the same fingerprint.
 */
export function engineFingerprint(root = engineRoot): string {
  const hash = createHash('sha256');
  const files: string[] = [];
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
  for (const dependency of dependencyVersions(root)) hash.update(dependency).update('\0');
  return hash.digest('hex').slice(0, 16);
}
