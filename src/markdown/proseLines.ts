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
