/**
 * One typo, Damerau-style: a letter replaced, added, dropped, or two neighbours swapped (a swap
 * counts as one typo, as it does for a reader). Linear, allocation-free checks: they run over a
 * whole vocabulary shard on every keystroke.
 */
export function withinOneTypo(a: string, b: string, bLength = b.length): boolean {
  const la = a.length;
  if (la - bLength > 1 || bLength - la > 1) return false;
  let i = 0;
  while (i < la && i < bLength && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === bLength) return true;
  const sameFrom = (ai: number, bi: number) => {
    if (la - ai !== bLength - bi) return false;
    for (; ai < la; ai++, bi++) if (a.charCodeAt(ai) !== b.charCodeAt(bi)) return false;
    return true;
  };
  if (la === bLength) {
    return (
      sameFrom(i + 1, i + 1) ||
      (a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameFrom(i + 2, i + 2))
    );
  }
  return la > bLength ? sameFrom(i + 1, i) : sameFrom(i, i + 1);
}

/**
 * Whether `term` begins with something one typo away from `prefix`, the word being typed: a letter
 * replaced or two swapped (same length), or one left out (one letter longer).
 */
export function prefixWithinOneTypo(prefix: string, term: string): boolean {
  return [prefix.length, prefix.length + 1].some(
    (length) => length <= term.length && withinOneTypo(prefix, term, length),
  );
}

/**
 * At most two typos (optimal string alignment: replaced, added or dropped letters, neighbours
 * swapped), for words long enough to allow them (Algolia's minWordSizefor2Typos). Two rows of
 * a banded table, abandoned as soon as every cell of a row is over two.
 */
export function withinTwoTypos(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 2) return false;
  let before = new Array<number>(lb + 1);
  let previous = new Array<number>(lb + 1);
  let current = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) previous[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > 2) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[lb] <= 2;
}
