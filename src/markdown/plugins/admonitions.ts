import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { errorAt } from '../context.ts';

import { admonitionTypes, containerDirective } from '../directives.ts';

/**
 * Docusaurus admonitions: `:::warning[Optional title]` … `:::` becomes an `<aside role="note">`
 * with a title. An unknown `:::name` is an error rather than silently vanishing text.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      const spec = containerDirective(node.name);
      // Another declared directive (code tabs) is its own plugin's.
      if (spec && spec.kind !== 'admonition') return;
      const defaultTitle = spec?.defaultTitle;
      if (defaultTitle === undefined) {
        throw errorAt(file, node, `unknown admonition type ":::${node.name}"; use one of ${admonitionTypes.join(', ')}`);
      }
      const first = node.children[0] as Paragraph | undefined;
      const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean })?.directiveLabel;
      const titleChildren = hasLabel ? first.children : [{ type: 'text' as const, value: defaultTitle }];
      if (hasLabel) node.children.shift();
      node.data = {
        hName: 'aside',
        // A note, not a complementary landmark: a page's several asides would be landmarks without names.
        hProperties: { className: ['admonition', `admonition--${node.name}`], role: 'note' },
      };
      node.children.unshift({
        type: 'paragraph',
        data: { hName: 'p', hProperties: { className: ['admonition__title'] } },
        children: titleChildren,
      });
    });
  };
}
