/**
 * "Did you mean …?" for names a writer mistyped (links and anchors, images, directives,
 * front-matter and config keys): the candidate closest by edit distance, when it is close enough
 * to be a typo; one rule for every suggestion.
 */

/** The candidate closest to `target` by edit distance (ties: the first), however far. */
function nearest(target: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // A candidate at least as far as the best so far cannot win: its distance is worked out only up to that.
    const distance = editDistance(target, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The candidate that `target` is plausibly a typo of: within a third of its length in edits (at
 * least 2), so `sidebar_postion` finds `sidebar_position` and `colour` finds nothing among `slug`, `title`.
 */
export function likelyMeant(target: string, candidates: Iterable<string>): string | undefined {
  const best = nearest(target, candidates);
  if (best === undefined) return undefined;
  return editDistance(target.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.floor(target.length / 3))
    ? best
    : undefined;
}

/**
 * The edit distance between `a` and `b`, or `bound` as soon as it is sure to be at least that: a
 * row's least cost never falls in the rows below it, and the lengths' difference is a floor. On
 * GitHub's reference each broken anchor was measured against every id of its page in full.
 */
function editDistance(a: string, b: string, bound = Infinity): number {
  if (Math.abs(a.length - b.length) >= bound) return bound;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      current[j] = cost;
      if (cost < least) least = cost;
    }
    if (least >= bound) return bound;
    const done = previous;
    previous = current;
    current = done;
  }
  return previous[b.length];
}
