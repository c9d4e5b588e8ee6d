/**
 * An open category of a large sidebar with more items than this shows only a window of them:
 * its first and last items and those around the page (see `windowIndexes`). Measured at 1,000
 * pages of the bench's varied corpus (folders of 2 to 150 pages): a page of a 150-page folder
 * had an 18.1 KB sidebar of 150 links (~117 B a link); windowed, 3.0 KB. Lists over
 * 25, 40, 60 or 100 items windowed save 7.3, 7.1, 6.9 or 4.6 MB of the corpus's 57 MB: above 60,
 * a list takes more than two sidebar heights, and the 30- and 50-page folders stay whole.
 */
export const sidebarWindowThreshold = 60;

/** Items shown at each end of a windowed list, and on each side of the page's item. */
const windowEnds = 3;
const windowAround = 3;

/**
 * The indexes a windowed list of `length` items shows, ascending: its first and last items and
 * those around `current` (the page's item, or -1 when the page is the category's own, which
 * shows only the ends). A single item between two shown ones is shown too: a gap would take its row.
 */
export function windowIndexes(length: number, current: number): number[] {
  const shown = new Set<number>();
  const add = (from: number, to: number) => {
    for (let index = Math.max(0, from); index <= Math.min(length - 1, to); index++) shown.add(index);
  };
  add(0, windowEnds - 1);
  add(length - windowEnds, length - 1);
  if (current >= 0) add(current - windowAround, current + windowAround);
  for (let index = 1; index < length - 1; index++) if (shown.has(index - 1) && shown.has(index + 1)) shown.add(index);
  return [...shown].sort((a, b) => a - b);
}
