import { describe, expect, it } from 'vitest';
import { summedWork } from '../../src/build/renderPool.ts';
import type { JobWork } from '../../src/render/renderState.ts';

describe('the progress of work shared by threads', () => {
  it('adds up what each thread last reported for the same label', () => {
    const shown: JobWork[] = [];
    const reportOf = summedWork((work) => shown.push(work));
    const work = (done: number, label = 'API reference'): JobWork => ({ label, done, total: 100, unit: 'operations' });
    reportOf(0)!(work(10));
    reportOf(1)!(work(5));
    reportOf(0)!(work(12));
    reportOf(2)!(work(1, 'Other'));
    expect(shown.map(({ label, done }) => [label, done])).toEqual([
      ['API reference', 10],
      ['API reference', 15],
      ['API reference', 17],
      ['Other', 1],
    ]);
  });

  it('gives threads nothing to report to when nobody shows progress', () => {
    expect(summedWork(undefined)(0)).toBeUndefined();
  });
});
