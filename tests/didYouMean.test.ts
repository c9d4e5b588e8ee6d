import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { likelyMeant, nearest } from '../src/didYouMean.ts';

/** The candidate closest by edit distance, ties to the first, with every distance worked out in full. */
function nearestInFull(target: string, candidates: string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++)
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
    return previous[b.length];
  };
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const at = distance(target, candidate);
    if (at < bestDistance) [best, bestDistance] = [candidate, at];
  }
  return best;
}

describe('nearest', () => {
  it('finds the closest candidate, the first of equals', () => {
    expect(nearest('repos/get', ['repos/lists', 'repos/gett', 'tag/repos'])).toBe('repos/gett');
    expect(nearest('ab', ['xy', 'ax', 'xb'])).toBe('ax');
    expect(nearest('abc', [])).toBeUndefined();
    expect(nearest('', ['', 'a'])).toBe('');
  });

  it('answers as the distance worked out in full does, however far the candidates are', () => {
    // Short words over a small alphabet: many ties, candidates both near and far, empty strings.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', '/'), maxLength: 12 });
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 30 }), (target, candidates) => {
        expect(nearest(target, candidates)).toBe(nearestInFull(target, candidates));
      }),
      { numRuns: 3000, seed: 29 },
    );
  });

  it('keeps likelyMeant to a third of the length in edits', () => {
    expect(likelyMeant('sidebar_postion', ['slug', 'sidebar_position', 'title'])).toBe('sidebar_position');
    expect(likelyMeant('colour', ['slug', 'title'])).toBeUndefined();
  });
});
