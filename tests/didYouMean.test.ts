import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likelyMeant } from '../src/didYouMean.ts';

/** Edit distance worked out in full. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** likelyMeant's rule with every distance worked out in full: the closest candidate (ties: the first), if close enough. */
function likelyMeantInFull(target: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const at = distance(target, candidate);
    if (at < bestDistance) [best, bestDistance] = [candidate, at];
  }
  if (best === undefined) return undefined;
  return distance(target.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.floor(target.length / 3))
    ? best
    : undefined;
}

describe('likelyMeant', () => {
  it('finds the closest candidate, the first of equals, when it is close enough', () => {
    expect(likelyMeant('repos/get', ['repos/lists', 'repos/gett', 'tag/repos'])).toBe('repos/gett');
    expect(likelyMeant('ab', ['xy', 'ax', 'xb'])).toBe('ax');
    expect(likelyMeant('abc', [])).toBeUndefined();
    expect(likelyMeant('sidebar_postion', ['slug', 'sidebar_position', 'title'])).toBe('sidebar_position');
    expect(likelyMeant('colour', ['slug', 'title'])).toBeUndefined();
  });

  it('answers as the distances worked out in full do, however far the candidates are', () => {
    // Short words over a small alphabet: many ties, candidates both near and far, empty strings, case.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '-', '/'), maxLength: 12 });
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 30 }), (target, candidates) => {
        expect(likelyMeant(target, candidates)).toBe(likelyMeantInFull(target, candidates));
      }),
      { numRuns: 3000, seed: 29 },
    );
  });
});
