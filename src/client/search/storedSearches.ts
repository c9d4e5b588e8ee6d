import { readStored, writeStored } from '../storage.ts';
import type { SearchHit } from './searchResponse.ts';

/** A hit kept in local storage: recent searches and favorites (spec §3 "stored search entry"). */
export type StoredHit = Omit<SearchHit, '_highlightResult' | '_snippetResult'>;

/** DocSearch's limits: 7 recent searches without favorites, 4 with; 10 favorites. */
export const recentLimit = (favorites: number) => (favorites === 0 ? 7 : 4);
/** Favorites kept at most. */
export const favoriteLimit = 10;

/** DocSearch's keys, so entries saved by a DocSearch-based version of the site carry over. */
export const recentKey = (indexName: string) => `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
/** The storage key of an index's favorite searches. */
export const favoriteKey = (indexName: string) => `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;

/** The hits kept under `key`; none when storage is unavailable or holds something else. */
export function readStoredHits(key: string): StoredHit[] {
  try {
    const parsed = JSON.parse(readStored(key) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Keeps the hits under `key` (nothing when storage is unavailable). */
export function writeStoredHits(key: string, hits: StoredHit[]): void {
  writeStored(key, JSON.stringify(hits));
}

/** The hit newest first, without an older entry for the same place, cut to `limit`. */
export function withHit(hits: StoredHit[], hit: StoredHit, limit: number): StoredHit[] {
  return [hit, ...withoutHit(hits, hit)].slice(0, limit);
}

/** The hits without any for the same place as `hit`. */
export function withoutHit(hits: StoredHit[], hit: StoredHit): StoredHit[] {
  return hits.filter((other) => other.url !== hit.url);
}

/**
 * What a selected hit is remembered as: a heading as itself; a paragraph as the heading above
 * it (the page section a reader comes back to), its text dropped.
 */
export function storedHitOf(hit: SearchHit): StoredHit {
  const { _highlightResult, _snippetResult, ...stored } = hit;
  if (stored.type !== 'content') return stored;
  const deepest =
    (['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const).find((level) => stored.hierarchy[level]) ?? 'lvl1';
  return { ...stored, type: deepest, content: null };
}
