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
    const distance = editDistance(target, candidate);
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

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
