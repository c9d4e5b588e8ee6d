import type { ReactNode } from 'react';
import type { HitGroup } from '../../src/client/search/groupHits.ts';
import { hitUrl } from '../../src/client/search/hitUrl.ts';
import type { SearchHit } from '../../src/client/search/searchResponse.ts';
import type { StoredHit } from '../../src/client/search/storedSearches.ts';
import type { RowCell } from './SearchHitRow.tsx';
import { RecentIcon, RemoveIcon, StarIcon } from './searchIcons.tsx';
import type { GridRow } from './useGridCursor.ts';
import type { useStoredSearches } from './useStoredSearches.ts';

/** One row of the modal's grid: a hit or a stored search, with its link and its actions. */
export interface ModalRow extends GridRow {
  hit: SearchHit | StoredHit;
  href: string | undefined;
  child?: boolean;
  actions: RowCell[];
  /** Position among the results (1-based), for insights. */
  position?: number;
}

/** A titled group of rows: a lvl0 group of hits, or the Recent or Favorite list. */
export interface ModalSection {
  id: string;
  title: string;
  icon: ReactNode;
  rows: ModalRow[];
}

type StoredSearches = ReturnType<typeof useStoredSearches>;

/** The start screen (spec §4): recent searches (save, remove) and favorites (remove); empty lists are left out. */
export function storedSections(stored: StoredSearches, external: string | undefined): ModalSection[] {
  const recent = stored.recent.map(
    (hit, i): ModalRow => ({
      id: `search-recent-${i}`,
      cells: 3,
      hit,
      href: hitUrl(hit.url, external),
      actions: [
        { id: 'save', label: 'Save this search', icon: <StarIcon />, onActivate: () => stored.favorite(hit) },
        {
          id: 'remove',
          label: 'Remove this search from history',
          icon: <RemoveIcon />,
          onActivate: () => stored.removeRecent(hit),
        },
      ],
    }),
  );
  const favorites = stored.favorites.map(
    (hit, i): ModalRow => ({
      id: `search-favorite-${i}`,
      cells: 2,
      hit,
      href: hitUrl(hit.url, external),
      actions: [
        {
          id: 'remove',
          label: 'Remove this search from favorites',
          icon: <RemoveIcon />,
          onActivate: () => stored.removeFavorite(hit),
        },
      ],
    }),
  );
  return [
    { id: 'search-section-recent', title: 'Recent', rows: recent, icon: <RecentIcon /> },
    { id: 'search-section-favorite', title: 'Favorite', rows: favorites, icon: <StarIcon /> },
  ].filter((section) => section.rows.length > 0);
}

/** The results screen: one section per lvl0 group, rows numbered across groups for insights. */
export function hitSections(groups: HitGroup[], external: string | undefined): ModalSection[] {
  let position = 0;
  return groups.map((group, g) => ({
    id: `search-section-${g}`,
    title: group.title,
    icon: undefined,
    rows: group.hits.map(
      ({ hit, child }, i): ModalRow => ({
        id: `search-hit-${g}-${i}`,
        cells: 1,
        hit,
        href: hitUrl(hit.url, external),
        child,
        actions: [],
        position: ++position,
      }),
    ),
  }));
}
