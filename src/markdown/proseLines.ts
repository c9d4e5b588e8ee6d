/**
 * The indexes of a Markdown text's lines outside fenced code blocks: links are rewritten (the
 * Markdown twin) or looked for (`docsgen version`) only there, so code samples stay as written.
 * A line scan, not a parse: a full remark parse cost 17 ms a page, more than rendering it.
 */
export function proseLines(lines: string[]): number[] {
  const prose: number[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    prose.push(index);
  });
  return prose;
}

/** A fence marker at a line's start (proseLines' test), read where the line starts in the text. */
const fenceAt = / {0,3}(`{3,}|~{3,})/y;

/**
 * proseLines without splitting the text: `visit` is given the start and end (exclusive, before its
 * `\n`) of each line outside fenced code, in order. A page's lines, their array and the list of
 * their indexes were most of what the Markdown twins allocated in a CI build (1,000 varied pages).
 */
export function forEachProseLine(text: string, visit: (start: number, end: number) => void): void {
  let fence: string | undefined;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    fenceAt.lastIndex = start;
    const marker = fenceAt.exec(text)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.slice(start, end).trim() === marker)
        fence = undefined;
    } else if (marker) fence = marker;
    else visit(start, end);
    start = end + 1;
  }
}
