import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { toString } from 'hast-util-to-string';
import { markdownData } from '../context.ts';

/**
 * Collects the h2 and h3 headings (after ids are assigned) as the page's table of contents. A
 * visually hidden heading (GFM's "Footnotes", for screen readers) is no entry, though its id is
 * a target like any other.
 */
export function rehypeTableOfContents() {
  return (tree: Root, file: VFile) => {
    const data = markdownData(file);
    data.toc = [];
    visit(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof id === 'string' && !isVisuallyHidden(node)) {
        data.toc.push({ id, text: toString(node).trim(), level: node.tagName === 'h2' ? 2 : 3 });
      }
    });
  };
}

/** remark-rehype marks the footnotes' heading `sr-only`: read by screen readers, never seen. */
export function isVisuallyHidden(element: Element): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes('sr-only');
}
