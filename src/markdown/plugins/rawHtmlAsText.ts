import type { Root, Html, Paragraph, Text } from 'mdast';
import { visit, SKIP } from '../../tree/visit.ts';

/** Parents whose children are blocks: raw HTML there is a block of its own (`<div>…</div>`). */
const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'containerDirective']);

/**
 * Raw HTML in Markdown is shown as the text it is, escaped, never passed through nor dropped.
 * In API prose an angle bracket is almost always meant as text (`Bearer <token>`,
 * `List<Envelope>`), passing markup through would let a page inject script and style, and
 * dropping it (remark-rehype's default) made the words vanish. Block HTML becomes a paragraph.
 */
export function remarkRawHtmlAsText() {
  return (tree: Root) => {
    visit(tree, 'html', (node: Html, index, parent) => {
      if (!parent || index === undefined) return;
      const text: Text = { type: 'text', value: node.value, position: node.position };
      const replacement: Text | Paragraph = flowParents.has(parent.type)
        ? { type: 'paragraph', children: [text], position: node.position }
        : text;
      parent.children.splice(index, 1, replacement as never);
      return SKIP;
    });
  };
}
