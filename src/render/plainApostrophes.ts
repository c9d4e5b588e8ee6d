/**
 * Where raw text (script, style and their kind), a comment or CDATA starts, and the escape itself:
 * inside the first three `&#x27;` is not a character reference, so it stays as written.
 */
const openerOrEscape = /<(script|style|xmp|iframe|noembed|noframes|noscript)\b|<!--|<!\[CDATA\[|&#x27;/gi;

/** Each raw-text element's end tag, by its name as written (matched in any case, as HTML does). */
const endTags = new Map<string, RegExp>();

/**
 * The HTML with React's `&#x27;` written as `'`: an apostrophe needs no escape in text or in a
 * double-quoted attribute (every serializer here, React's and hast's, quotes attributes with `"`),
 * and the escape is 5 bytes more each time: ~120 B a page (the CSP meta alone has 20), more in prose.
 *
 * Found by what starts each skipped part and its end looked for from there (indexOf, or the
 * element's end tag), not by one regular expression for whole parts: that one tried every `<` of
 * the page against seven names and a backreference, ~20 ns a character (GitHub's reference: 49 MB
 * of pages, ~1.8 s of the build's thread; this way ~0.2 s).
 */
export function plainApostrophes(html: string): string {
  if (!html.includes('&#x27;')) return html;
  let out = '';
  let copied = 0;
  openerOrEscape.lastIndex = 0;
  for (let match = openerOrEscape.exec(html); match !== null; match = openerOrEscape.exec(html)) {
    const start = match.index;
    const found = match[0];
    if (found.charCodeAt(0) === 38 /* & */) {
      // `&#X27;` (the pattern ignores case) is left as written.
      if (found === '&#x27;') {
        out += `${html.slice(copied, start)}'`;
        copied = start + found.length;
      }
      continue;
    }
    const end = skippedEnd(html, start, found, match[1]);
    // A part left open skips nothing: the next match is looked for from the next character.
    openerOrEscape.lastIndex = end === -1 ? start + 1 : end;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Where the raw text, comment or CDATA starting at `start` ends (after its last character), or -1 if it never does. */
function skippedEnd(html: string, start: number, found: string, element: string | undefined): number {
  if (element === undefined) {
    const close = found === '<!--' ? '-->' : ']]>';
    const at = html.indexOf(close, start + found.length);
    return at === -1 ? -1 : at + close.length;
  }
  const tagEnd = html.indexOf('>', start + found.length);
  if (tagEnd === -1) return -1;
  let endTag = endTags.get(element);
  if (!endTag) {
    endTag = new RegExp(`</${element}\\s*>`, 'gi');
    endTags.set(element, endTag);
  }
  endTag.lastIndex = tagEnd + 1;
  const closed = endTag.exec(html);
  return closed === null ? -1 : closed.index + closed[0].length;
}
