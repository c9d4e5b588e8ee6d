import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeAside } from '../fs/writeAside.ts';

/**
 * Each docs page's key in the render cache (by route) in the last build, kept for the next: a page
 * edited since finds its last entry there, and takes back the code blocks it still shows
 * (src/markdown/keptCode.ts). Whatever entry a key leads to, a block is taken back only by its own
 * key (everything its HTML is made from), so a stale or damaged list costs a highlight, never a
 * wrong page.
 */
const keysFile = (cacheDir: string) => path.join(cacheDir, 'docs-page-keys.json');

/** Keeps this build's docs pages' keys for the next (one file, each build's replacing the last's). */
export const keepLastPageKeys = (cacheDir: string, keys: ReadonlyMap<string, string>) =>
  writeAside(keysFile(cacheDir), JSON.stringify(Object.fromEntries(keys)));

/** Whether a last build kept its docs pages' keys (its pages' code blocks may be taken back). */
export const hasLastPageKeys = (cacheDir: string) => existsSync(keysFile(cacheDir));

/** The last build's docs pages' keys, by route; none when it kept none (a first build) or the file is damaged. */
export function readLastPageKeys(cacheDir: string): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  try {
    const kept: unknown = JSON.parse(readFileSync(keysFile(cacheDir), 'utf8'));
    if (kept && typeof kept === 'object')
      for (const [route, key] of Object.entries(kept)) if (typeof key === 'string') keys.set(route, key);
  } catch {
    // Every block of a page not in the cache is highlighted.
  }
  return keys;
}
