import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { seal, unsealJson } from './cacheIntegrity.ts';

export function hashOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** Hits and misses of every cache of this thread, for the build's summary. */
export const cacheStats = { hits: 0, misses: 0 };

/** Entries kept in memory: the recently used ones (watch mode re-renders what was just read). */
const defaultMemoryEntries = 100;

/**
 * Rendered results by content hash, kept between builds in one file per entry (workers read
 * and write their own entries without coordinating), each sealed with a digest that is checked
 * when it is read (src/cache/cacheIntegrity.ts) and, the most recently used ones, in memory
 * for watch mode: memory stays bounded however many edits a long session makes. The folder
 * name carries the fingerprint of the code that renders, so a change to it starts afresh.
 */
export class RenderCache<T extends NonNullable<unknown>> {
  private readonly memory: LRUCache<string, T>;
  private created: Promise<void> | undefined;

  constructor(
    private readonly dir: string | undefined,
    memoryEntries = defaultMemoryEntries,
  ) {
    this.memory = new LRUCache<string, T>({ max: memoryEntries });
  }

  has(key: string): boolean {
    return this.memory.has(key) || (this.dir !== undefined && existsSync(path.join(this.dir, `${key}.json`)));
  }

  async get(key: string): Promise<T | undefined> {
    const remembered = this.memory.get(key);
    if (remembered !== undefined || !this.dir) {
      cacheStats[remembered === undefined ? 'misses' : 'hits']++;
      return remembered;
    }
    const file = path.join(this.dir, `${key}.json`);
    const stored = await readFile(file, 'utf8').catch(() => undefined);
    if (stored === undefined) {
      cacheStats.misses++;
      return undefined;
    }
    const value = unsealJson<T>(stored);
    // A damaged entry is a miss: the caller renders afresh and writes it again.
    if (value === undefined) {
      cacheStats.misses++;
      await rm(file, { force: true });
      return undefined;
    }
    cacheStats.hits++;
    this.memory.set(key, value);
    return value;
  }

  async set(key: string, value: T): Promise<void> {
    this.memory.set(key, value);
    if (!this.dir) return;
    // Once per cache: a mkdir per entry was 2% of a cold build's CPU.
    this.created ??= mkdir(this.dir, { recursive: true }).then(() => undefined);
    await this.created;
    const file = path.join(this.dir, `${key}.json`);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temporary, seal(JSON.stringify(value)));
    await rename(temporary, file);
  }
}
