import { describe, expect, it } from 'vitest';
import { llmsFullParts } from '../../src/llms/llmsFullParts.ts';
import type { TwinPage } from '../../src/llms/markdownTwin.ts';

/** A page of `kb` KiB of Markdown in `section`. */
const page = (section: string | undefined, n: number, kb: number): TwinPage => ({
  route: `/docs/${section ?? 'top'}/p${n}/`,
  title: `P${n}`,
  markdown: 'x'.repeat(kb * 1024),
  relativePath: `${section}/p${n}.md`,
  section,
});
const KiB = 1024;

describe('llmsFullParts', () => {
  it('keeps the full text in one file when it fits', () => {
    expect(llmsFullParts([page('A', 1, 10), page('B', 2, 10)], 100 * KiB)).toEqual([]);
  });

  it('splits it into files of whole sections in reading order, a section larger than a file between pages', () => {
    const pages = [
      page(undefined, 0, 5),
      ...[1, 2, 3].map((n) => page('A', n, 10)),
      ...[4, 5].map((n) => page('B', n, 10)),
      ...[6, 7, 8, 9, 10, 11, 12, 13].map((n) => page('C', n, 10)),
      page('D', 14, 4),
    ];
    const parts = llmsFullParts(pages, 60 * KiB);
    // What every file holds: the pages in reading order, each once.
    expect(parts.flatMap((part) => part.pages)).toEqual(pages);
    expect(parts.map((part) => part.route)).toEqual(parts.map((_, index) => `/llms-full-${index + 1}.txt`));
    expect(parts.map((part) => part.sections)).toEqual([['Documentation', 'A'], ['B'], ['C'], ['C', 'D']]);
    // No file over three quarters of the limit (the room left for what a twin adds to its Markdown).
    for (const part of parts)
      expect(part.pages.reduce((sum, { markdown }) => sum + markdown.length, 0)).toBeLessThanOrEqual(45 * KiB);
  });

  it('gives a page larger than a file a file of its own', () => {
    const parts = llmsFullParts([page('A', 1, 2), page('A', 2, 50), page('A', 3, 2)], 20 * KiB);
    expect(parts.map((part) => part.pages.map(({ title }) => title))).toEqual([['P1'], ['P2'], ['P3']]);
  });

  it("weighs the Markdown a page generates too (the changelog page holds every version's API changes)", () => {
    const changelog = { ...page('A', 2, 1), generated: 'y'.repeat(40 * KiB) };
    const parts = llmsFullParts([page('A', 1, 10), changelog], 60 * KiB);
    expect(parts.map((part) => part.pages.map(({ title }) => title))).toEqual([['P1'], ['P2']]);
  });
});
