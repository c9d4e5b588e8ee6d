import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { headingRank } from 'hast-util-heading-rank';
import { visit } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';

/**
 * In an API description, headings are moved to the depth the fragment sits at and never skip a
 * level: the first becomes one level below the heading it is shown under
 * (`descriptionHtml.headingsBelow`: an operation's `h3`, a tag's `h2`), and each next one goes one
 * level below the last heading of a higher rank before it, or beside the last of its own (`h6` at
 * most), so the order the author wrote stays. Authors write `##` in an operation's description
 * (DigitalOcean's block storage actions), which under the operation's `h3` broke the page's outline
 * and, before the `h4` "Path parameters" that follows, the Nu checker's rule ("the heading h4
 * follows the heading h2, skipping 1 heading level"); and they skip levels inside one description
 * (`##` then `####`), which that rule refuses as well.
 */
export function rehypeDescriptionHeadings() {
  return (tree: Root, file: VFile) => {
    const below = markdownData(file).context.descriptionHtml?.headingsBelow;
    if (below === undefined) return;
    // The headings open at this point: each one's rank as written and the level it was given.
    const open: { rank: number; level: number }[] = [];
    visit(tree, 'element', (node: Element) => {
      const rank = headingRank(node);
      if (rank === undefined) return;
      while (open.length > 0 && open[open.length - 1].rank >= rank) open.pop();
      const level = Math.min(6, (open.at(-1)?.level ?? below) + 1);
      open.push({ rank, level });
      node.tagName = `h${level}`;
    });
  };
}
