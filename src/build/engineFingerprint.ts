import { readdirSync, statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { engineRoot } from '../engineRoot.ts';
import { hashOf } from './renderCache.ts';

/**
 * A hash of the code that turns content into HTML (the engine, the theme, and the versions of
 * the libraries they use). Cached renderings are only reused under the same fingerprint.
 */
export function engineFingerprint(): string {
  const parts: string[] = [];
  for (const dir of ['src', 'templates']) {
    for (const entry of readdirSync(path.join(engineRoot, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      parts.push(`${path.relative(engineRoot, file)}:${info.size}:${info.mtimeMs}`);
    }
  }
  parts.sort();
  const lock = readFileSync(path.join(engineRoot, 'package-lock.json'), 'utf8');
  return hashOf(...parts, hashOf(lock)).slice(0, 16);
}
