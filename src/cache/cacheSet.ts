import path from 'node:path';
import { RenderCache, type CacheCodec } from './renderCache.ts';

/** Opens caches, for an estimate of the work left, without the pipeline. */
export interface CacheSet {
  /** The cache named `name` (one per kind of entry), created on first use; its values kept as JSON unless `codec` says otherwise. */
  cache<T extends NonNullable<unknown>>(name: string, memoryEntries?: number, codec?: CacheCodec<T>): RenderCache<T>;
}

/** A thread's caches, with what closes their files. */
export interface OpenCaches extends CacheSet {
  close(): void;
}

/**
 * The caches of a site, one per name, created on first use. Each indexes its pack files once
 * and keeps them open, so a thread opens one set for a build (the estimate and the renders
 * share it) and closes it at the end.
 */
export function cacheSet(site: { cacheDir?: string }): OpenCaches {
  const caches = new Map<string, { cache: RenderCache<any>; codec?: CacheCodec<any> }>();
  return {
    cache<T extends NonNullable<unknown>>(name: string, memoryEntries?: number, codec?: CacheCodec<T>): RenderCache<T> {
      let entry = caches.get(name);
      if (!entry)
        caches.set(
          name,
          (entry = {
            cache: new RenderCache<T>(site.cacheDir && path.join(site.cacheDir, name), memoryEntries, codec),
            codec,
          }),
        );
      // One cache, one way of reading its bytes: every caller of a name must ask for the same codec.
      if (entry.codec !== codec) throw new Error(`cache ${name} opened with two codecs`);
      return entry.cache;
    },
    close() {
      for (const { cache } of caches.values()) cache.close();
      caches.clear();
    },
  };
}

/**
 * A value worked out once per key and kept in the cache folder `name` (none without a `cacheDir`):
 * for what a build's load works out from its inputs alone (a split reference's page plan).
 */
export async function cachedValue<T extends NonNullable<unknown>>(
  cacheDir: string | undefined,
  name: string,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (cacheDir === undefined) return compute();
  const caches = cacheSet({ cacheDir });
  try {
    return await caches.cache<T>(name, 1).getOrCompute(key, compute);
  } finally {
    caches.close();
  }
}
