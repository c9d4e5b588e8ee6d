import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { errorAt } from '../context.ts';

export const admonitionTypes = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const defaultTitles = new Map([['note', 'Note'], ['tip', 'Tip'], ['info', 'Info'], ['warning', 'Warning'], ['danger', 'Danger']]);

/** Other container directives that are features of their own (handled by their plugins). */
const otherContainers = new Set(['code-tabs']);

/**
 * Docusaurus admonitions: `:::warning[Optional title]` … `:::` becomes an `<aside role="note">`
 * with a title. An unknown `:::name` is an error rather than silently vanishing text.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (otherContainers.has(node.name)) return;
      const defaultTitle = defaultTitles.get(node.name);
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
