import { escapeText, pipelineOnly, type PlainHtml } from './plainParagraphs.ts';

/**
 * A paragraph written as HTML, alone in its block: `<p>` at a line's start, `</p>` ending its
 * last line, no blank line between (one HTML block in CommonMark, whose content Markdown leaves
 * alone), and nothing inside that the HTML parser would repair.
 */
const paragraphBlock = /^<p>((?:(?!<\/?p[\s>/]).)*)<\/p>$/s;
/**
 * What a paragraph may hold: text, the character references the serializer writes back alike,
 * and these inline elements, each opened and closed in order. A link's destination is a site path,
 * a fragment or an http(s) URL, in characters that neither the HTML parser, the sanitizer's
 * protocol check nor the serializer change (it writes `'` as `&#x27;` in an attribute).
 */
const inlinePart =
  /([^<&]+)|&(amp|lt|gt|quot|#39);|<(code|strong|em)>|<a href="((?:https?:\/\/|\/(?!\/)|#)[!#$%()*+,\-./0-9:;=?@A-Z[\]_a-z~]*)">|<\/(code|strong|em|a)>/y;
/** Longer text goes to the pipeline, whose input limits it must meet. */
const maxLength = 3000;

const references: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * The HTML of an API description written as HTML paragraphs (Stripe writes 436 of its 3,540
 * distinct descriptions so: `<p>` with text, `<a href>`, `<code>`, `<strong>`): exactly what the
 * unified pipeline makes of it (the block kept as raw HTML, parsed by hast-util-raw, cleaned by
 * the description schema, rehypeExternalLinks' attributes on http(s) links, serialized), without
 * running it, and the links to an anchor (`#pay_invoice`) in order, which the pipeline records for
 * the check (rehypeDescriptionHtml). Undefined when the text needs the pipeline.
 */
export function htmlParagraphs(markdown: string): PlainHtml | undefined {
  if (markdown.length > maxLength || pipelineOnly.test(markdown)) return undefined;
  // Blank lines around the text are no part of any block; spaces after the last `</p>` are (the pipeline keeps them), and are left to it.
  const text = markdown.replace(/^[ \n]*\n/, '').replace(/\n[ \n]*$/, '');
  if (text === '') return undefined;
  const paragraphs: string[] = [];
  const links: string[] = [];
  for (const block of text.split(/\n(?: *\n)+/)) {
    const inner = paragraphBlock.exec(block)?.[1];
    const html = inner === undefined ? undefined : inlineHtml(inner, links);
    if (html === undefined) return undefined;
    paragraphs.push(`<p>${html}</p>`);
  }
  return { html: paragraphs.join('\n'), links };
}

/** A paragraph's content as the serializer writes it (its links to an anchor added to `links`); undefined for anything else than inlinePart reads, or elements out of order. */
function inlineHtml(inner: string, links: string[]): string | undefined {
  const open: string[] = [];
  let html = '';
  inlinePart.lastIndex = 0;
  while (inlinePart.lastIndex < inner.length) {
    const part = inlinePart.exec(inner);
    if (!part) return undefined;
    const [, text, reference, element, href, closing] = part;
    if (text !== undefined) html += escapeText(text);
    else if (reference !== undefined) html += escapeText(references[reference]);
    else if (element !== undefined) {
      if (open.includes(element)) return undefined;
      open.push(element);
      html += `<${element}>`;
    } else if (href !== undefined) {
      // A link inside a link is closed by the parser first.
      if (open.includes('a')) return undefined;
      open.push('a');
      if (href.startsWith('#')) links.push(href);
      html += /^https?:/.test(href)
        ? `<a href="${href}" target="_blank" rel="noopener noreferrer">`
        : `<a href="${href}">`;
    } else {
      if (open.pop() !== closing) return undefined;
      html += `</${closing}>`;
    }
  }
  return open.length === 0 ? html : undefined;
}
