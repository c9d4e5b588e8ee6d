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
  has(key: string): boolean;
  /**
   * The route kept under `key` (undefined: none), its content read from the cache only when the
   * writer asks for it; `afresh` makes the route again when its bytes are gone or damaged.
   */
  get(key: string, afresh: () => Promise<LoadedRoute>): Promise<KeptRoute | undefined>;
  /** Keeps `route` under `key`; gives it back with its content's digest (as it is, in a build without the cache: nothing to keep, no digest to work out). */
  set(key: string, route: LoadedRoute): Promise<LoadedRoute>;
}

/**
 * Rendered routes kept in two caches: each route's fields (ids, links, search records) with its
 * content's digest under the route's key (cache `name`), and its content's bytes under that digest
 * (`name`-bytes). A route whose file the last build's output holds is linked from there by its
 * digest, and its bytes are never read nor checked: a warm build of GitHub's reference read and
 * checked 91 MB of pages, downloads and twins only to link them (as docs pages do, src/pages/docsSource.ts).
 */
export function routeCache(caches: CacheSet, name: string, fieldsInMemory = 32): RouteCache {
  const fields = caches.cache<RouteFields>(name, fieldsInMemory, routeFieldsCodec);
  // Large, and each read at most once a build: few kept in memory.
  const bytes = caches.cache<Uint8Array>(`${name}-bytes`, 2, bytesCodec);
  return {
    has: (key) => fields.has(key),
    async get(key, afresh) {
      const kept = await fields.get(key);
      if (!kept) return undefined;
      // Used by this build even when not read: compaction keeps it (src/cache/packStore.ts).
      await bytes.keep(kept.digest);
      // Gone from the cache (damaged): made again, the same bytes.
      const content = async () => (await bytes.get(kept.digest)) ?? (await afresh()).content;
      return { ...kept, content };
    },
    async set(key, route) {
      if (!fields.stored) return route;
      const content = typeof route.content === 'string' ? Buffer.from(route.content) : route.content;
      const { content: _, ...rest } = route;
      const kept = { ...rest, digest: route.digest ?? contentDigest(content) };
      await bytes.set(kept.digest, content);
      await fields.set(key, kept);
      return { ...kept, content };
    },
  };
}
