// From Shiki's core (what its bundles share), not its main module, which also loads the JavaScript
// RegExp engine and its Oniguruma-to-JavaScript translator that highlighter.ts does not use.
import { getTokenStyleObject, stringifyTokenStyle, type ThemedToken } from 'shiki/core';
import { githubPaired } from './pairedTheme.ts';

/** vscode-textmate's `FontStyle` flags that keep a whitespace token apart from the next one. */
const underline = 4;
const strikethrough = 8;

/**
 * A highlighted block's `<code>` element as HTML, written from Shiki's tokens: byte for byte what
 * Shiki's `codeToHast` (whitespace merged into the token after it; a `line` class on each line,
 * `highlighted` on the lines named), a token's colour turned into its class (`colourClass`) and
 * hast-util-to-html's serializing (text escapes `<` and `&` as `&#x3C;` and `&#x26;`) made of
 * them, without a tree of a node per token in between (GitHub's reference: ~2,000 blocks,
 * ~78,000 lines, whose trees and serializing were most of the highlighting time left after the
 * line token cache). `style` is the `<code>` element's own (a line counter's start).
 */
export function codeHtml(tokens: ThemedToken[][], highlightedLines: Set<number>, style?: string): string {
  let html = style === undefined ? '<code>' : `<code style="${attributeValue(style)}">`;
  for (const [index, line] of tokens.entries()) {
    if (index > 0) html += '\n';
    html += highlightedLines.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of withMergedWhitespace(line)) html += `<span${attributesOf(token)}>${text(token.content)}</span>`;
    html += '</span>';
  }
  return `${html}</code>`;
}

/** Shiki's `mergeWhitespaceTokens` for one line: a whitespace-only token joins the next one (its own style then). */
function withMergedWhitespace(line: ThemedToken[]): ThemedToken[] {
  const merged: ThemedToken[] = [];
  let carried = '';
  let offset: number | undefined;
  for (const [index, token] of line.entries()) {
    const mergeable = !(token.fontStyle && token.fontStyle & (underline | strikethrough));
    if (mergeable && /^\s+$/.test(token.content) && line[index + 1]) {
      offset ??= token.offset;
      carried += token.content;
    } else if (carried) {
      if (mergeable) merged.push({ ...token, offset: offset!, content: carried + token.content });
      else merged.push({ content: carried, offset: offset! }, token);
      offset = undefined;
      carried = '';
    } else merged.push(token);
  }
  return merged;
}

/** Each token style's attributes, by colour, background and font style: a theme has a few dozen. */
const attributesByStyle = new Map<string, string>();

/** A token's attributes, made once per style, not split and joined again for each of GitHub's ~314,000 token spans. */
function attributesOf(token: ThemedToken): string {
  if (token.htmlStyle) return tokenAttributes(stringifyTokenStyle(token.htmlStyle));
  const key = `${token.color ?? ''}\0${token.bgColor ?? ''}\0${token.fontStyle ?? 0}`;
  let attributes = attributesByStyle.get(key);
  if (attributes === undefined) {
    attributes = tokenAttributes(stringifyTokenStyle(getTokenStyleObject(token)));
    attributesByStyle.set(key, attributes);
  }
  return attributes;
}

/** A token's attributes: its placeholder colour as its class, what else its style says as its style (colourClass). */
function tokenAttributes(style: string): string {
  if (!style) return '';
  let className: string | undefined;
  const rest: string[] = [];
  for (const declaration of style.split(';')) {
    const [property, value] = declaration.split(':').map((part) => part.trim());
    const name = property === 'color' ? githubPaired.classByPlaceholder.get(value.toLowerCase()) : undefined;
    if (name) className = name;
    else if (property) rest.push(declaration);
  }
  return (
    (rest.length > 0 ? ` style="${attributeValue(rest.join(';'))}"` : '') +
    (className === undefined ? '' : ` class="${className}"`)
  );
}

const text = (value: string) => value.replace(/[<&]/g, (character) => (character === '<' ? '&#x3C;' : '&#x26;'));
const attributeValue = (value: string) =>
  value.replace(/["&]/g, (character) => (character === '"' ? '&#x22;' : '&#x26;'));
