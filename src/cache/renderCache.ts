import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { PackStore } from './packStore.ts';

/** A short hex digest of the parts, each kept apart from the next (`ab`,`c` and `a`,`bc` differ): the caches' keys. Bytes hash as the text they are the UTF-8 of. */
export function hashOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** Hits and misses of every cache of this thread, for the build's summary. */
export const cacheStats = { hits: 0, misses: 0 };

/** How a cache's values become the bytes it keeps, and back; bytes that do not decode are a miss. */
export interface CacheCodec<T> {
  encode(value: T): Buffer;
  decode(bytes: Buffer): T;
}

const jsonCodec: CacheCodec<any> = {
  encode: (value) => Buffer.from(JSON.stringify(value)),
  decode: (bytes) => JSON.parse(bytes.toString('utf8')),
};

/** Entries kept in memory: the recently used ones (watch mode re-renders what was just read). */
const defaultMemoryEntries = 100;

/**
 * Rendered results by content hash, kept between builds in pack files (src/cache/packStore.ts:
 * each thread appends to its own, every entry checked against its digest when it is read) and,
 * the most recently used ones, in memory for watch mode: memory stays bounded however many edits
 * a long session makes. The folder name carries the fingerprint of the code that renders, so a
 * change to it starts afresh.
 */
export class RenderCache<T extends NonNullable<unknown>> {
  private readonly memory: LRUCache<string, T>;
  private readonly store: PackStore | undefined;

  constructor(
    private readonly dir: string | undefined,
    memoryEntries = defaultMemoryEntries,
    private readonly codec: CacheCodec<T> = jsonCodec,
  ) {
    this.memory = new LRUCache<string, T>({ max: memoryEntries });
    this.store = dir === undefined ? undefined : new PackStore(dir);
  }

  /** The folder its entries are kept in between builds (none in a build with `--no-cache`). */
  get folder(): string | undefined {
    return this.dir;
  }

  /** Whether entries are kept between builds (not in a build with `--no-cache`). */
  get stored(): boolean {
    return this.store !== undefined;
  }

  has(key: string): boolean {
    return this.memory.has(key) || (this.store?.has(key) ?? false);
  }

  async get(key: string): Promise<T | undefined> {
    const remembered = this.memory.get(key);
    if (remembered !== undefined || !this.store) {
      cacheStats[remembered === undefined ? 'misses' : 'hits']++;
      return remembered;
    }
    const stored = await this.store.get(key);
    let value: T | undefined;
    try {
      value = stored && this.codec.decode(stored);
    } catch {
      value = undefined;
    }
    // A damaged entry is a miss: the caller renders afresh and writes it again.
    if (value === undefined) {
      cacheStats.misses++;
      return undefined;
    }
    cacheStats.hits++;
    this.memory.set(key, value);
    await this.store.touch(key);
    return value;
  }

  /** Notes that this build uses the entry under `key` without reading it, so that compaction keeps it. */
  keep(key: string): Promise<void> {
    return this.store?.touch(key) ?? Promise.resolve();
  }

  /** The value kept under `key`, or else `compute`'s, kept there first. */
  async getOrCompute(key: string, compute: () => Promise<T>): Promise<T> {
    const known = await this.get(key);
    if (known !== undefined) return known;
    const value = await compute();
    await this.set(key, value);
    return value;
  }

  async set(key: string, value: T): Promise<void> {
    this.memory.set(key, value);
    await this.store?.set(key, this.codec.encode(value));
  }

  /** Closes the pack files it holds open (a dev server that replaces its site, a build that ends). */
  close(): void {
    this.store?.close();
  }
}
