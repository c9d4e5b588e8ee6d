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
    return sameFrom(i + 1, i + 1) || (a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameFrom(i + 2, i + 2));
  }
  return la > bLength ? sameFrom(i + 1, i) : sameFrom(i, i + 1);
}

/**
 * Whether `term` begins with something one typo away from `prefix`, the word being typed: a letter
 * replaced or two swapped (same length), or one left out (one letter longer).
 */
export function prefixWithinOneTypo(prefix: string, term: string): boolean {
  return [prefix.length, prefix.length + 1].some((length) => length <= term.length && withinOneTypo(prefix, term, length));
}
