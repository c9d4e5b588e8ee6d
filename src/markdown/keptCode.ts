/**
 * Where a page's highlighted code blocks are in its HTML, so that the next build of the page takes
 * back the blocks it still shows instead of highlighting them again: each block's key (what its
 * `<code>` HTML is made from, rehypeHighlightCode) and the span of that HTML. 1,000 varied pages,
 * one edited in its prose: highlighting its blocks loaded Shiki, the WebAssembly engine and a
 * grammar, ~0.2 s of a ~2 s build.
 */
export type CodeSpan = [key: string, start: number, end: number];

/** The spans of `blocks` (in order) in `html`; a block not found there is left out (it is highlighted again). */
export function codeSpans(html: string, blocks: readonly { key: string; html: string }[]): CodeSpan[] {
  const spans: CodeSpan[] = [];
  let from = 0;
  for (const block of blocks) {
    const start = html.indexOf(block.html, from);
    if (start === -1) continue;
    from = start + block.html.length;
    spans.push([block.key, start, from]);
  }
  return spans;
}

/** The spans moved by `offset` (the HTML they were found in, placed at `offset` of a larger one). */
export const movedSpans = (spans: readonly CodeSpan[], offset: number): CodeSpan[] =>
  spans.map(([key, start, end]) => [key, start + offset, end + offset]);

/** The blocks' HTML by their keys, read back from `html`; a span that is not a `<code>` element there is left out. */
export function codeBySpans(html: string, spans: readonly CodeSpan[]): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const [key, start, end] of spans) {
    const code = html.slice(start, end);
    if (code.startsWith('<code') && code.endsWith('</code>')) blocks.set(key, code);
  }
  return blocks;
}
