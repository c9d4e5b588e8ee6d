import type { Root, Element } from 'hast';
import type { VFile } from 'vfile';
import { SKIP, visit } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';

/** A GFM delimiter row that aligns a column has a `:` beside one of its `-`. */
const alignedColumn = /:-|-:/;

/**
 * GFM column alignment (`:---:`, `---:`) as a class on each cell (`align-center`), which the
 * stylesheet applies. remark-rehype writes it as `align="center"`, an attribute HTML5 made
 * obsolete (the Nu checker refuses it) and that any `text-align` rule in a stylesheet overrides.
 */
export function rehypeTableAlignment() {
  return (tree: Root, file: VFile) => {
    // A page without an aligned column is not walked; an API description's HTML may hold `align`.
    if (!alignedColumn.test(String(file.value)) && !markdownData(file).context.descriptionHtml) return;
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'pre') return SKIP;
      if (node.tagName !== 'th' && node.tagName !== 'td') return;
      const align = node.properties.align;
      if (align === undefined) return;
      delete node.properties.align;
      if (align === 'left' || align === 'center' || align === 'right') node.properties.className = [`align-${align}`];
    });
  };
}
