import { withBase } from '../model/paths.ts';

/**
 * What may start Markdown syntax in text outside code spans, links and `*` emphasis (which
 * inlineHtml reads itself), or needs the full pipeline's care: `_` emphasis, images, HTML, escapes
 * and character references, headings, tables, strikethrough, footnote calls (`[^1]`), and GFM's
 * literal autolinks (`www.`, an email's `@`). A `:` may start a directive or a URL's scheme
 * (`https:`, `mailto:`) unless a space, `*`, `]` or the line's end follows it (a directive's name
 * starts with no punctuation); an `_` may start emphasis unless it is inside a word
 * (`access_token`). A `>` is text anywhere but at a line's start (lineStart).
 */
const inlineSyntax = /[\\`<#|!&~@]|\[\^|www\.|:(?![ \n*\]]|$)|(?:^|[^A-Za-z0-9_])_|_(?:$|[^A-Za-z0-9_])/i;
/** A line that would start a block (a list, a setext underline, a fence) or read as a paragraph's continuation differently. */
const blockStart = /^(?:[-+=]|\d{1,9}[.)]|`{3})/;
/**
 * What a line may start with: anything else (indentation, `>`, `<`, `#`, `|`, `:` …) is left to
 * the pipeline. A `*` only when a word follows it (`**Note:**`); followed by a space it makes a list.
 */
const lineStart = /^(?:[\p{L}\p{N}`('"[]|\*(?=[^ ]))/u;
/** Control characters (the parser replaces NUL, reads CR as a line ending, a tab as indentation), and `{{variable}}`. */
export const pipelineOnly = /[\0-\x09\x0b-\x1f\x7f]|\{\{/;
/** Where inlineHtml has something to read: a code span, a link's brackets, an emphasis run. */
const inlineMark = /[`[\]*]/g;
/**
 * A link's `](destination)` whose destination is written as the page writes it: an http(s) URL, a
 * site path or a fragment, made only of characters that neither the parser (no escapes, character
 * references, spaces, parentheses), URL normalisation (mdast-util-to-hast's normalizeUri; a `%`
 * only before two letters or digits) nor the HTML serializer (`&`, `'`, `"`) changes.
 */
const linkEnd = /\]\(((?:https?:\/\/|\/(?!\/)|#)(?:[!#$*+,\-./0-9:;=?@A-Z_a-z~]|%[0-9A-Za-z]{2})*)\)/y;

/** Text as hast-util-to-html writes it (the pipeline's serializer): `&` and `<` as character references. */
export const escapeText = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');

/**
 * Longer text goes to the pipeline, whose input limits it must meet: the inline work of a
 * paragraph (markers × characters, src/markdown/inlineWork.ts) stays under its 10⁷ at this length,
 * and so does the scan for each code span's closing run here.
 */
const maxLength = 3000;

/** A description's HTML and the links it holds, for the link check (what remarkLinks records of each). */
export interface PlainHtml {
  html: string;
  links: string[];
}

/**
 * The HTML of a description made only of paragraphs of text, code spans, links and `*`/`**`
 * emphasis: exactly what the unified pipeline produces (`<p>` a paragraph, `<code>` a span,
 * `<a>` a link, with remarkLinks' site base and rehypeExternalLinks' attributes), without running
 * it. Undefined when the text needs the pipeline. Most OpenAPI descriptions are such text:
 * 4,889 of GitHub's 5,305 distinct ones (4,419 without links and emphasis), 3,064 of Stripe's 3,540.
 */
export function plainParagraphs(markdown: string, baseUrl: string): PlainHtml | undefined {
  if (markdown.length > maxLength || pipelineOnly.test(markdown)) return undefined;
  // Blank lines around the text, and spaces ending its last line, are no part of any paragraph.
  const text = markdown.replace(/^[ \n]*\n/, '').replace(/[ \n]+$/, '');
  const links: string[] = [];
  if (text === '') return { html: '', links };
  const paragraphs: string[] = [];
  for (const block of text.split(/\n{2,}/)) {
    // A paragraph's first line may be indented up to 3 spaces (4 make code); its other lines not at all, here.
    const lines = block.replace(/^ {1,3}/, '').split('\n');
    if (lines.some((line) => !lineStart.test(line) || blockStart.test(line) || / $/.test(line))) return undefined;
    const html = inlineHtml(lines.join('\n'), baseUrl, links);
    if (html === undefined) return undefined;
    paragraphs.push(`<p>${html}</p>`);
  }
  return { html: paragraphs.join('\n'), links };
}

/**
 * A paragraph's HTML, read as CommonMark reads it, for the cases that need no backtracking:
 * - a code span: a run of backticks closed by the next run of the same length; its line endings
 *   become spaces, and one space is stripped from each end when both ends have one and it is not
 *   all spaces;
 * - a link: `[text](destination)` (linkEnd), its text holding no brackets nor emphasis;
 * - emphasis: a `*` (`<em>`) or `**` (`<strong>`) run that can only open, closed by the next run,
 *   of the same length, that can only close (emphasisSide), none nested.
 * Anything else (a run that can do both, an opener never closed, syntax between) is undefined.
 * Every link's href for the link check is added to `links`.
 */
function inlineHtml(paragraph: string, baseUrl: string, links: string[]): string | undefined {
  let html = '';
  // The text outside code spans, each span standing as one character that is no word's nor a space.
  let text = '';
  // Where the open link's text starts in `html`, and the open emphasis run's length.
  let linkAt = -1;
  let emphasis = 0;
  let at = 0;
  for (;;) {
    inlineMark.lastIndex = at;
    const mark = inlineMark.exec(paragraph);
    const before = paragraph.slice(at, mark?.index);
    html += before;
    text += before;
    if (mark === null) return linkAt === -1 && emphasis === 0 && !inlineSyntax.test(text) ? html : undefined;
    const open = mark.index;
    const char = mark[0];
    if (char === '`') {
      const length = runLength(paragraph, open, '`');
      let close = paragraph.indexOf('`', open + length);
      while (close !== -1 && runLength(paragraph, close, '`') !== length) {
        close = paragraph.indexOf('`', close + runLength(paragraph, close, '`'));
      }
      if (close === -1) return undefined;
      let code = paragraph.slice(open + length, close).replace(/\n/g, ' ');
      if (code.startsWith(' ') && code.endsWith(' ') && /[^ ]/.test(code)) code = code.slice(1, -1);
      html += `<code>${escapeText(code)}</code>`;
      text += '\u0001';
      at = close + length;
    } else if (char === '[') {
      if (linkAt !== -1) return undefined;
      linkAt = html.length;
      text += char;
      at = open + 1;
    } else if (char === ']') {
      linkEnd.lastIndex = open;
      const end = linkEnd.exec(paragraph);
      if (linkAt === -1 || linkAt === html.length || end === null || /\.md$/.test(end[1].split('#')[0])) {
        return undefined;
      }
      const href = end[1];
      // rehypeExternalLinks' attributes on an http(s) link; a site path under the site's base.
      const attributes = href.startsWith('http')
        ? `href="${href}" target="_blank" rel="noopener noreferrer"`
        : `href="${withBase(baseUrl, href)}"`;
      html = `${html.slice(0, linkAt)}<a ${attributes}>${html.slice(linkAt)}</a>`;
      links.push(href);
      linkAt = -1;
      text += char;
      at = linkEnd.lastIndex;
    } else {
      const length = runLength(paragraph, open, '*');
      const side = emphasisSide(paragraph[open - 1], paragraph[open + length]);
      if (linkAt !== -1 || length > 2 || side === undefined) return undefined;
      if (side === 'open') {
        if (emphasis !== 0) return undefined;
        emphasis = length;
      } else {
        if (emphasis !== length) return undefined;
        emphasis = 0;
      }
      html += `<${side === 'open' ? '' : '/'}${length === 1 ? 'em' : 'strong'}>`;
      text += '*'.repeat(length);
      at = open + length;
    }
  }
}

/**
 * Whether a `*` run between these characters can only open emphasis (left-flanking and not
 * right-flanking) or only close it, as CommonMark defines flanking; undefined when it can do both
 * or neither (literal), or when a neighbour is not ASCII (Unicode whitespace and punctuation are
 * the pipeline's to classify).
 */
function emphasisSide(before: string | undefined, after: string | undefined): 'open' | 'close' | undefined {
  if ((before !== undefined && before >= '\x80') || (after !== undefined && after >= '\x80')) return undefined;
  const kind = (char: string | undefined) =>
    char === undefined || char === ' ' || char === '\n'
      ? 'space'
      : /[!-/:-@[-`{-~]/.test(char)
        ? 'punctuation'
        : 'word';
  const b = kind(before);
  const a = kind(after);
  const left = a !== 'space' && (a !== 'punctuation' || b !== 'word');
  const right = b !== 'space' && (b !== 'punctuation' || a !== 'word');
  return left && !right ? 'open' : right && !left ? 'close' : undefined;
}

function runLength(text: string, start: number, char: string): number {
  let end = start;
  while (text[end] === char) end++;
  return end - start;
}
