/**
 * The text of a page's first `# ` heading, read from the source without parsing it (titles are
 * needed for the sidebar before any page is rendered). Fenced code is skipped; simple inline
 * marks (`*`, `_`, backticks, links) are reduced to their text.
 */
export function headingTitle(markdown: string): string | undefined {
  // No line that could be one: most pages (the title in front matter) are not split into lines at all.
  if (!/^\s{0,3}#\s/m.test(markdown)) return undefined;
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence) continue;
    const heading = /^\s{0,3}#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      return heading[1]
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*_`]/g, '')
        .trim();
    }
  }
  return undefined;
}
