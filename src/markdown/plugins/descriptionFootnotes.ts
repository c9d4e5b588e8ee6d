import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { SKIP, visit } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';

/**
 * In an API description, the hidden "Footnotes" label remark-rehype puts above GFM footnotes is a
 * paragraph, not an `h2`: a description sits at any depth of the reference (under a tag's `h2`, an
 * operation's `h3`, a response's `h4`), and an `h2` there breaks the page's outline (the Nu
 * checker: "the heading h4 follows the heading h2, skipping 1 heading level"). It keeps its id,
 * which the footnote calls' `aria-describedby` names. A writer's page keeps GitHub's `h2`.
 */
export function rehypeDescriptionFootnotes() {
  return (tree: Root, file: VFile) => {
    if (!markdownData(file).context.descriptionHtml) return;
    visit(tree, 'element', (node: Element) => {
      if (!('dataFootnotes' in node.properties)) return;
      for (const child of node.children) if (child.type === 'element' && child.tagName === 'h2') child.tagName = 'p';
      return SKIP;
    });
  };
}
