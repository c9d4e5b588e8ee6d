/**
 * What may start Markdown syntax in text outside code spans, or needs the full pipeline's care:
 * emphasis, links, HTML, escapes and character references, headings, tables, and GFM's literal
 * autolinks (`www.`, an email's `@`). A `:` may start a directive or a URL's scheme (`https:`,
 * `mailto:`) unless a space or the line's end follows it; an `_` may start emphasis unless it is
 * inside a word (`access_token`). A `>` is text anywhere but at a line's start (lineStart).
 */
const inlineSyntax = /[\\`*[\]<#|!&~@]|www\.|:(?![ \n]|$)|(?:^|[^A-Za-z0-9_])_|_(?:$|[^A-Za-z0-9_])/i;
/** A line that would start a block (a list, a setext underline, a fence) or read as a paragraph's continuation differently. */
const blockStart = /^(?:[-+=]|\d{1,9}[.)]|`{3})/;
/** What a line may start with: anything else (indentation, `>`, `<`, `#`, `|`, `:` …) is left to the pipeline. */
const lineStart = /^[\p{L}\p{N}`('"]/u;
/** Control characters (the parser replaces NUL, reads CR as a line ending, a tab as indentation), and `{{variable}}`. */
const pipelineOnly = /[\0-\x09\x0b-\x1f\x7f]|\{\{/;

/** Text as hast-util-to-html writes it (the pipeline's serializer): `&` and `<` as character references. */
const escapeText = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');

/**
 * Longer text goes to the pipeline, whose input limits it must meet: the inline work of a
 * paragraph (markers × characters, src/markdown/inlineWork.ts) stays under its 10⁷ at this length,
 * and so does the scan for each code span's closing run here.
 */
const maxLength = 3000;

/**
 * The HTML of a description made only of paragraphs of plain text and code spans: exactly what
 * the unified pipeline produces (`<p>` a paragraph, `<code>` a span), without running it.
 * Undefined when the text needs the pipeline. Most OpenAPI descriptions are such text: 4,419 of
 * GitHub's 5,305 distinct ones, 2,607 of Stripe's 3,540.
 */
export function plainParagraphs(markdown: string): Promise<string> | undefined {
  if (markdown.length > maxLength || pipelineOnly.test(markdown)) return undefined;
  // Blank lines around the text, and spaces ending its last line, are no part of any paragraph.
  const text = markdown.replace(/^[ \n]*\n/, '').replace(/[ \n]+$/, '');
  if (text === '') return Promise.resolve('');
  const paragraphs: string[] = [];
  for (const block of text.split(/\n{2,}/)) {
    // A paragraph's first line may be indented up to 3 spaces (4 make code); its other lines not at all, here.
    const lines = block.replace(/^ {1,3}/, '').split('\n');
    if (lines.some((line) => !lineStart.test(line) || blockStart.test(line) || / $/.test(line))) return undefined;
    const html = inlineHtml(lines.join('\n'));
    if (html === undefined) return undefined;
    paragraphs.push(`<p>${html}</p>`);
  }
  return Promise.resolve(paragraphs.join('\n'));
}

/**
 * A paragraph's text with its code spans, as CommonMark reads them: a run of backticks opens a
 * span closed by the next run of the same length; the content's line endings become spaces, and
 * one space is stripped from each end when both ends have one and it is not all spaces.
 * Undefined when a run has no closing run or the text between spans holds syntax.
 */
function inlineHtml(paragraph: string): string | undefined {
  let html = '';
  // The text outside code spans, each span standing as one character that is no word's nor a space.
  let text = '';
  let at = 0;
  for (;;) {
    const open = paragraph.indexOf('`', at);
    const before = paragraph.slice(at, open === -1 ? undefined : open);
    html += before;
    text += before;
    if (open === -1) return inlineSyntax.test(text) ? undefined : html;
    const length = runLength(paragraph, open);
    let close = paragraph.indexOf('`', open + length);
    while (close !== -1 && runLength(paragraph, close) !== length) {
      close = paragraph.indexOf('`', close + runLength(paragraph, close));
    }
    if (close === -1) return undefined;
    let code = paragraph.slice(open + length, close).replace(/\n/g, ' ');
    if (code.startsWith(' ') && code.endsWith(' ') && /[^ ]/.test(code)) code = code.slice(1, -1);
    html += `<code>${escapeText(code)}</code>`;
    text += '\u0001';
    at = close + length;
  }
}

function runLength(text: string, start: number): number {
  let end = start;
  while (text[end] === '`') end++;
  return end - start;
}
