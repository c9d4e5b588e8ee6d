import type { TwinPage } from './markdownTwin.ts';

/** One file of llms-full.txt's text when one file would be too large: whole sections in reading order where they fit. */
export interface LlmsFullPart {
  /** `/llms-full-<n>.txt`, n from 1. */
  route: string;
  /** The top sidebar categories it holds (a section too large for one file continues in the next). */
  sections: string[];
  pages: TwinPage[];
}

/**
 * What a page weighs in llms-full.txt, from its Markdown as written and what it generates (the
 * changelog page's API changes): the twin adds its URL comment, a title heading and absolute
 * links, which `headroom` leaves room for.
 */
const estimatedBytes = (page: TwinPage) =>
  Buffer.byteLength(page.markdown) +
  Buffer.byteLength(page.generated ?? '') +
  Buffer.byteLength(page.title) +
  page.route.length +
  64;
const headroom = 0.75;

/**
 * llms-full.txt's pages in files of at most `maxBytes` (the largest file every host accepts):
 * none when they fit in one, else parts holding whole sections while they fit, a section larger
 * than a file split between pages. The same pages always give the same parts, so the routes
 * declared before rendering are the files rendered.
 */
export function llmsFullParts(pages: TwinPage[], maxBytes: number): LlmsFullPart[] {
  const budget = maxBytes * headroom;
  const weights = pages.map(estimatedBytes);
  if (weights.reduce((sum, bytes) => sum + bytes, 0) <= budget) return [];
  // Consecutive pages of one section, in reading order.
  const runs: { section: string; pages: TwinPage[]; bytes: number }[] = [];
  pages.forEach((page, index) => {
    const section = page.section ?? 'Documentation';
    const last = runs.at(-1);
    if (last?.section === section) {
      last.pages.push(page);
      last.bytes += weights[index];
    } else runs.push({ section, pages: [page], bytes: weights[index] });
  });
  const parts: LlmsFullPart[] = [];
  let bytes = budget;
  for (const run of runs) {
    // A section starts a file unless it fits in what is left of the current one.
    if (bytes > 0 && bytes + run.bytes > budget) bytes = budget;
    for (const page of run.pages) {
      const weight = estimatedBytes(page);
      if (bytes > 0 && bytes + weight > budget) {
        parts.push({ route: `/llms-full-${parts.length + 1}.txt`, sections: [], pages: [] });
        bytes = 0;
      }
      const part = parts.at(-1)!;
      if (part.sections.at(-1) !== run.section) part.sections.push(run.section);
      part.pages.push(page);
      bytes += weight;
    }
  }
  return parts;
}
