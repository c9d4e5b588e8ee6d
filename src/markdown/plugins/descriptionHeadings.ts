import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { headingRank } from 'hast-util-heading-rank';
import { visit } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';

/**
 * In an API description, headings are moved to the depth the fragment sits at: the highest of them
 * becomes one level below the heading it is shown under (`descriptionHtml.headingsBelow`: an
 * operation's `h3`, a tag's `h2`), the others keep their distance from it (`h6` at most). Authors
 * write `##` in an operation's description (DigitalOcean's block storage actions), which under the
 * operation's `h3` broke the page's outline and, before the `h4` "Path parameters" that follows,
 * the Nu checker's rule ("the heading h4 follows the heading h2, skipping 1 heading level").
 */
export function rehypeDescriptionHeadings() {
  return (tree: Root, file: VFile) => {
    const below = markdownData(file).context.descriptionHtml?.headingsBelow;
    if (below === undefined) return;
    const headings: [Element, number][] = [];
    visit(tree, 'element', (node: Element) => {
      const rank = headingRank(node);
      if (rank !== undefined) headings.push([node, rank]);
    });
    if (headings.length === 0) return;
    const shift = below + 1 - Math.min(...headings.map(([, rank]) => rank));
    for (const [node, rank] of headings) node.tagName = `h${Math.min(6, rank + shift)}`;
  };
}
