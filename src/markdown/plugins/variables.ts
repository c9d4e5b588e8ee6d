import type { Root, Text, Link, PhrasingContent } from 'mdast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../../tree/visit.ts';
import { errorAt, markdownData } from '../context.ts';
import {
  substituteVariables,
  unknownVariableMessage,
  variableParts,
  type UnknownVariable,
} from '../../content/variables.ts';

const isUnknown = (value: unknown): value is UnknownVariable =>
  typeof value === 'object' && value !== null && 'name' in value;

/**
 * Replaces `{{name}}` in prose, code, and link and image URLs with the config's values. Done on
 * the tree, not the source, so every position (errors, links) stays the one in the file. A
 * substituted value that is a URL in prose becomes a link, as GFM would have autolinked it.
 */
export function remarkVariables() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // A page that cannot hold `{{` is not walked: none of the 1,000 bench pages can.
    if (!mayHoldPlaceholder.test(source)) return;
    const variables = markdownData(file).context.variables;
    const fail = (node: { position?: Text['position'] }, unknown: UnknownVariable, columnOffset: number) => {
      const start = node.position?.start;
      throw errorAt(
        file,
        { position: start && { start: { line: start.line, column: start.column + columnOffset } } },
        unknownVariableMessage(unknown.name, variables),
      );
    };
    visit(tree, (node, index, parent) => {
      if (node.type === 'text') {
        const parts = variableParts(withWrittenEscapes(node, source), variables);
        if (isUnknown(parts)) return fail(node, parts, parts.offset);
        if (!parts.some((part) => part.substituted)) return;
        const insideLink = parent?.type === 'link' || parent?.type === 'linkReference';
        const replacement: PhrasingContent[] = parts.map((part) =>
          part.substituted && !insideLink && /^https?:\/\/\S+$/.test(part.value)
            ? ({ type: 'link', url: part.value, children: [{ type: 'text', value: part.value }] } satisfies Link)
            : ({ type: 'text', value: part.value } satisfies Text),
        );
        if (parent && index !== undefined) {
          (parent.children as PhrasingContent[]).splice(index, 1, ...replacement);
          return [SKIP, index + replacement.length];
        }
        return;
      }
      if (node.type === 'inlineCode' || node.type === 'code') {
        const value = substituteVariables(node.value, variables);
        if (isUnknown(value)) return fail(node, value, 0);
        node.value = value;
      }
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
        const url = substituteVariables(node.url, variables);
        if (isUnknown(url)) return fail(node, url, 0);
        node.url = url;
      }
      return undefined;
    });
  };
}

/**
 * Two braces in a row as Markdown may read them: each written, escaped (`\{`) or as a character
 * reference (`&#123;`, `&#x7b;`, `&lbrace;`, `&lcub;`). A page without this has no `{{` in any
 * text, code or URL of its tree.
 */
const mayHoldPlaceholder = /(?:\\?\{|&(?:#0*123|#[xX]0*7[bB]|lbrace|lcub);){2}/;

/**
 * A text node's value with `\{{` put back where the writer escaped a placeholder: Markdown
 * reads `\{` as an escaped brace and drops the backslash, so `\{{product}}` in prose would
 * otherwise be substituted. The k-th `{{` of the value is the k-th `{{` of the source it came from.
 */
function withWrittenEscapes(node: Text, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !node.value.includes('{{')) return node.value;
  const written = source.slice(start, end);
  const escaped = [...written.matchAll(/(\\?)\{\{/g)].map((match) => match[1] === '\\');
  if (!escaped.some(Boolean) || escaped.length !== [...node.value.matchAll(/\{\{/g)].length) return node.value;
  let k = 0;
  return node.value.replace(/(\\?)\{\{/g, (match, slash: string) => (escaped[k++] && !slash ? `\\${match}` : match));
}
