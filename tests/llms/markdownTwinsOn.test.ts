import { describe, expect, it } from 'vitest';
import { markdownTwinsOn, twinsLeftOutNote } from '../../src/llms/markdownTwinsOn.ts';

const site = (pages: number[], markdownTwins?: boolean, markdownTwinsUpToPages = 5000) => ({
  config: { markdownTwins, markdownTwinsUpToPages },
  versions: pages.map((count) => ({ docs: Array.from({ length: count }) })),
});

describe('markdownTwinsOn', () => {
  it('writes twins up to markdownTwinsUpToPages docs pages, counted in every version, when the config leaves it unset', () => {
    expect(markdownTwinsOn(site([5000]))).toBe(true);
    expect(markdownTwinsOn(site([5001]))).toBe(false);
    expect(markdownTwinsOn(site([3000, 2001]))).toBe(false);
    expect(markdownTwinsOn(site([30], undefined, 20))).toBe(false);
  });

  it('does what the config says when it is set, whatever the count', () => {
    expect(markdownTwinsOn(site([10_000], true))).toBe(true);
    expect(markdownTwinsOn(site([10], false))).toBe(false);
  });

  it('says why twins were left out, only when it was the default that left them out', () => {
    expect(twinsLeftOutNote(site([10_000]))).toBe(
      'no Markdown twins (index.md) for the 10,000 docs pages, over markdownTwinsUpToPages (5,000): llms.txt links the pages and llms-full holds their Markdown; markdownTwins: true in the config writes them',
    );
    expect(twinsLeftOutNote(site([5000]))).toBeUndefined();
    expect(twinsLeftOutNote(site([10_000], false))).toBeUndefined();
    expect(twinsLeftOutNote(site([10_000], true))).toBeUndefined();
  });
});
