import type { SearchHit } from './searchResponse.ts';
import { repeatKey } from '../../model/searchRecord.ts';
import { highlightParts } from './highlightParts.ts';

/** Hits shown under one title in the modal. */
export interface HitGroup {
  /** The top-level heading the hits share (lvl0, highlight tags removed). */
  title: string;
  hits: { hit: SearchHit; /** Shown under its lvl1 parent, which is in the same group. */ child: boolean }[];
}

/** The lvl0 as text: a highlighted value is escaped by the backend, and React escapes the title again. */
const titleOf = (hit: SearchHit) => {
  const highlighted = hit._highlightResult?.hierarchy?.lvl0?.value;
  return highlighted === undefined
    ? hit.hierarchy.lvl0
    : highlightParts(highlighted)
        .map((part) => part.text)
        .join('');
};

/**
 * DocSearch's grouping: hits under their lvl0, in order of first appearance, at most
 * `maxPerGroup` each; within a group, hits of one page follow each other, the page's own lvl1 hit
 * first and the others shown as its children. A hit that repeats an earlier one word for word (the
 * same response or header under many operations) is shown once: ranked last, it would otherwise
 * still fill the group of the first.
 */
export function groupHits(hits: SearchHit[], maxPerGroup: number): HitGroup[] {
  const groups = new Map<string, SearchHit[]>();
  const shown = new Set<string>();
  for (const hit of hits) {
    const repeat = repeatKey(hit);
    if (shown.has(repeat)) continue;
    shown.add(repeat);
    const title = titleOf(hit);
    const group = groups.get(title) ?? [];
    if (group.length < maxPerGroup) groups.set(title, [...group, hit]);
  }
  return [...groups].map(([title, groupHits]) => {
    const pages = new Map<string, SearchHit[]>();
    for (const hit of groupHits) {
      const key = hit.hierarchy.lvl1 ?? '';
      pages.set(key, [...(pages.get(key) ?? []), hit]);
    }
    return {
      title,
      hits: [...pages.values()].flatMap((page) => {
        const parent = page.find((hit) => hit.type === 'lvl1');
        if (!parent) return page.map((hit) => ({ hit, child: false }));
        return [
          { hit: parent, child: false },
          ...page.filter((hit) => hit !== parent).map((hit) => ({ hit, child: true })),
        ];
      }),
    };
  });
}

/** The lvl0 names of a result, for "Try searching for" after a later query finds nothing. */
export const groupTitles = (hits: SearchHit[]) => [...new Set(hits.map(titleOf))];
