import type { Root, Element } from 'hast';
import { visit } from 'unist-util-visit';

/** External links open in a new tab and never hand the opener or the referrer to the target. */
export function rehypeExternalLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const href = node.properties.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || !/^(https?:)?\/\//i.test(href)) return;
      node.properties.target = '_blank';
      node.properties.rel = ['noopener', 'noreferrer'];
    });
  };
}
