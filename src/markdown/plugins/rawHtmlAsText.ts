import type { Root, Html, Paragraph, Text } from 'mdast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';
import { isDescriptionMarkup } from '../descriptionHtml.ts';

/** Parents whose children are blocks: raw HTML there is a block of its own (`<div>…</div>`). */
const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'containerDirective']);

/**
 * Raw HTML in Markdown is shown as the text it is, escaped, never passed through nor dropped.
 * In API prose an angle bracket is almost always meant as text (`Bearer <token>`,
 * `List<Envelope>`), passing markup through would let a page inject script and style, and
 * dropping it (remark-rehype's default) made the words vanish. Block HTML becomes a paragraph.
 * An API description (`context.descriptionHtml`) is written by the API's authors in HTML as often
 * as in Markdown: there, markup the description schema knows stays raw, for
 * rehypeDescriptionHtml to clean; other tag-like text is still text.
 */
export function remarkRawHtmlAsText() {
  return (tree: Root, file: VFile) => {
    // Raw HTML starts with `<`: a page without one is not walked.
    if (!String(file.value).includes('<')) return;
    const description = markdownData(file).context.descriptionHtml !== undefined;
    visit(tree, 'html', (node: Html, index, parent) => {
      if (!parent || index === undefined) return;
      if (
        description &&
        isDescriptionMarkup(node.value, () => String(file.value).slice(node.position?.end.offset ?? 0))
      )
        return;
      const text: Text = { type: 'text', value: node.value, position: node.position };
      const replacement: Text | Paragraph = flowParents.has(parent.type)
        ? { type: 'paragraph', children: [text], position: node.position }
        : text;
      parent.children.splice(index, 1, replacement as never);
      return SKIP;
    });
  };
}
