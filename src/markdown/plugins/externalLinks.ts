import type { Root, Element } from 'hast';
import { SKIP, visit } from '../../tree/visit.ts';

/** External links open in a new tab and never hand the opener or the referrer to the target. */
export function rehypeExternalLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      // A code block holds no links, and a highlighted one is a span per token: not walked (it
      // was 2% of a 1,000-page build's CPU).
      if (node.tagName === 'pre') return SKIP;
      const href = node.properties.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || !/^(https?:)?\/\//i.test(href)) return;
      node.properties.target = '_blank';
      node.properties.rel = ['noopener', 'noreferrer'];
    });
  };
}
