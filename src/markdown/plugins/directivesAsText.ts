import type { Root, Text } from 'mdast';
import type { TextDirective, LeafDirective } from 'mdast-util-directive';
import { visit, SKIP } from 'unist-util-visit';

/**
 * remark-directive reads `:name` inside prose ("key:value", "10:30am") as a text directive.
 * Only container directives (`:::note`) are features here, so text and leaf directives are
 * turned back into the text that was written.
 */
export function remarkDirectivesAsText() {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'textDirective' && node.type !== 'leafDirective') || !parent || index === undefined) return;
      const directive = node as TextDirective | LeafDirective;
      const marker = directive.type === 'textDirective' ? ':' : '::';
      const label = directive.children.length > 0 ? directive.children : [];
      const replacement = [
        { type: 'text', value: `${marker}${directive.name}` } as Text,
        ...(label.length > 0 ? [{ type: 'text', value: '[' } as Text, ...label, { type: 'text', value: ']' } as Text] : []),
      ];
      if (directive.type === 'leafDirective') {
        parent.children.splice(index, 1, { type: 'paragraph', children: replacement } as never);
      } else {
        parent.children.splice(index, 1, ...(replacement as never[]));
      }
      return [SKIP, index + replacement.length];
    });
  };
}
