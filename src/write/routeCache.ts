import type { CacheSet } from '../cache/cacheSet.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { keptSummary, recordsCacheName, recordsEntry, recordsSummary } from '../search/keptRecords.ts';
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
  // A page's search records, apart from its fields (every route cache's: by their digest), read by the search index alone.
  const records = caches.cache<Uint8Array>(recordsCacheName, 1, bytesCodec);
  const asBytes = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.from(content) : content);
  return {
    get stored() {
      return fields.stored;
    },
    has: (key) => fields.has(key),
    async get(key, afresh) {
      const found = await fields.get(key);
      if (!found) return undefined;
      const kept = await withRecordsApart(found);
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
      await fields.set(key, kept.output ? { ...kept, output: await keepRecordsApart(kept.output) } : kept);
      return { ...kept, content };
    },
  };

  /**
   * A page's output to keep with its fields: its records kept in the records cache (once for
   * records that are the same), its summary with its fields. Gives the page its records' digest.
   */
  async function keepRecordsApart(output: PageOutput): Promise<PageOutput> {
    const { records: own, keptRecords, ...rest } = output;
    if (!own && !keptRecords?.json) return output;
    const entry = own ? recordsEntry(own) : { digest: output.recordsDigest!, bytes: Buffer.from(keptRecords!.json!) };
    output.recordsDigest ??= entry.digest;
    if (!records.has(entry.digest)) await records.set(entry.digest, entry.bytes);
    const summary = keptRecords ? keptSummary(keptRecords) : recordsSummary(own!);
    return { ...rest, recordsDigest: output.recordsDigest, keptRecords: summary };
  }

  /**
   * The fields read, with where their page's records are kept apart; undefined when those are gone
   * (the page is rendered again): the search index reads them only after every page is rendered.
   * Checked in the cache's index, neither read nor checksummed.
   */
  async function withRecordsApart(kept: RouteFields): Promise<RouteFields | undefined> {
    const { output } = kept;
    if (!output?.keptRecords || output.keptRecords.json) return kept;
    const digest = output.recordsDigest;
    if (digest === undefined || !records.has(digest)) return undefined;
    await records.keep(digest);
    return { ...kept, output: { ...output, keptRecords: { ...output.keptRecords, cache: records.folder } } };
  }
}
