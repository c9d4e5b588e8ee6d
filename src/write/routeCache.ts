import type { CacheSet } from '../cache/cacheSet.ts';
import { contentDigest } from './keptOutput.ts';
import {
  bytesCodec,
  routeFieldsCodec,
  type LoadedRoute,
  type RenderedRoute,
  type RouteFields,
} from './renderedRoute.ts';

/** A rendered route taken from a RouteCache: its fields read, its content read when it is asked for. */
export type KeptRoute = RenderedRoute & { digest: string };

/** Rendered routes kept by key, their content apart (see routeCache). */
export interface RouteCache {
  /** Whether routes are kept between builds (not in a build with `--no-cache`). */
  readonly stored: boolean;
  has(key: string): boolean;
  /**
   * The route kept under `key` (undefined: none), its content read from the cache only when the
   * writer asks for it; `afresh` makes the route again when its bytes are gone or damaged.
   */
  get(key: string, afresh: () => Promise<LoadedRoute>): Promise<KeptRoute | undefined>;
  /**
   * The fields kept under `key` (undefined: none) and a reader of its content's bytes, undefined
   * when they are gone, never made again: the last build's route, to compare with.
   */
  last(key: string): Promise<(RouteFields & { bytes: () => Promise<Uint8Array | undefined> }) | undefined>;
  /** Keeps `route` under `key`; gives it back with its content's digest (as it is, in a build without the cache: nothing to keep, no digest to work out). */
  set(key: string, route: LoadedRoute): Promise<LoadedRoute>;
}

/**
 * Rendered routes kept in two caches: each route's fields (ids, links, search records) with its
 * content's digest under the route's key (cache `name`), and its content's bytes under that digest
 * (`name`-bytes). A route whose file the last build's output holds is linked from there by its
 * digest, and its bytes are never read nor checked: a warm build of GitHub's reference read and
 * checked 91 MB of pages, downloads and twins only to link them. Docs pages, the API reference's
 * pages, twins and downloads are all kept this way.
 */
export function routeCache(caches: CacheSet, name: string, fieldsInMemory = 32): RouteCache {
  const fields = caches.cache<RouteFields>(name, fieldsInMemory, routeFieldsCodec);
  // Large, and each read at most once a build: few kept in memory.
  const bytes = caches.cache<Uint8Array>(`${name}-bytes`, 2, bytesCodec);
  const asBytes = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.from(content) : content);
  return {
    get stored() {
      return fields.stored;
    },
    has: (key) => fields.has(key),
    async get(key, afresh) {
      const kept = await fields.get(key);
      if (!kept) return undefined;
      // Used by this build even when not read: compaction keeps it (src/cache/packStore.ts).
      await bytes.keep(kept.digest);
      // Gone from the cache (damaged): made again, the same bytes, and kept again for the next build.
      const content = async () => {
        const found = await bytes.get(kept.digest);
        if (found) return found;
        const made = asBytes((await afresh()).content);
        if (contentDigest(made) === kept.digest) await bytes.set(kept.digest, made);
        return made;
      };
      return { ...kept, content };
    },
    async last(key) {
      const kept = await fields.get(key);
      return kept && { ...kept, bytes: () => bytes.get(kept.digest) };
    },
    async set(key, route) {
      if (!fields.stored) return route;
      const content = asBytes(route.content);
      const { content: _, ...rest } = route;
      const kept = { ...rest, digest: route.digest ?? contentDigest(content) };
      await bytes.set(kept.digest, content);
      await fields.set(key, kept);
      return { ...kept, content };
    },
  };
}
