import { describe, expect, it } from 'vitest';
import { passesHundredth } from '../../src/render/passesHundredth.ts';

/** The counts a job of `total` steps, counted one by one, reports. */
const reportedCounts = (total: number) =>
  Array.from({ length: total }, (_, index) => index + 1).filter((done) => passesHundredth(done - 1, done, total));

describe('passesHundredth', () => {
  it("reports a long job's count once a hundredth, not once a step, and its end", () => {
    // GitHub's reference: 1,223 operations planned, and as many rendered.
    const counts = reportedCounts(1223);
    expect(counts).toHaveLength(100);
    expect(counts.at(-1)).toBe(1223);
    // Every quarter a plain line marks is passed by a report, within a hundredth of it.
    for (const quarter of [1, 2, 3]) {
      const first = counts.find((done) => done * 4 >= quarter * 1223)!;
      expect(first - (quarter * 1223) / 4).toBeLessThan(1223 / 100);
    }
  });

  it('reports every step of a job of 100 steps or fewer', () => {
    expect(reportedCounts(4)).toEqual([1, 2, 3, 4]);
    expect(reportedCounts(100)).toHaveLength(100);
  });

  it('reports a count that jumps past several hundredths at once, and one that stays within one, not', () => {
    expect(passesHundredth(0, 50, 1223)).toBe(true);
    expect(passesHundredth(13, 20, 1223)).toBe(false);
  });
});
