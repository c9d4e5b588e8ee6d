import { useCallback, useState } from 'react';
import {
  favoriteKey,
  favoriteLimit,
  readStoredHits,
  recentKey,
  recentLimit,
  storedHitOf,
  withHit,
  withoutHit,
  writeStoredHits,
  type StoredHit,
} from '../../src/client/search/storedSearches.ts';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';

/** Recent searches and favorites (spec §4), kept in local storage under the index's name. */
export function useStoredSearches(indexName: string) {
  const [recent, setRecent] = useState(() => readStoredHits(recentKey(indexName)));
  const [favorites, setFavorites] = useState(() => readStoredHits(favoriteKey(indexName)));
  const update = useCallback(
    (nextRecent: StoredHit[], nextFavorites: StoredHit[]) => {
      const keptRecent = nextRecent.slice(0, recentLimit(nextFavorites.length));
      setRecent(keptRecent);
      setFavorites(nextFavorites);
      writeStoredHits(recentKey(indexName), keptRecent);
      writeStoredHits(favoriteKey(indexName), nextFavorites);
    },
    [indexName],
  );
  return {
    recent,
    favorites,
    /** A chosen hit becomes the newest recent search, unless it is a favorite already. */
    remember: (hit: SearchHit) => {
      const stored = storedHitOf(hit);
      if (favorites.some((favorite) => favorite.url === stored.url)) return;
      update(withHit(recent, stored, recentLimit(favorites.length)), favorites);
    },
    favorite: (hit: StoredHit) => update(withoutHit(recent, hit), withHit(favorites, hit, favoriteLimit)),
    removeRecent: (hit: StoredHit) => update(withoutHit(recent, hit), favorites),
    removeFavorite: (hit: StoredHit) => update(recent, withoutHit(favorites, hit)),
  };
}
