import type { Root } from 'hast';
import type { Raw } from 'mdast-util-to-hast';
import { visit } from '../../tree/visit.ts';

declare module 'mdast-util-to-hast' {
  interface RawData {
    /** HTML written by one of our plugins (highlighted code), which the serializer passes through as it is. */
    ownHtml?: true;
  }
}

/** HTML that one of our plugins wrote, to be passed through by the serializer. */
export function ownRaw(html: string): Raw {
  return { type: 'raw', value: html, data: { ownHtml: true } };
}

/**
 * Before the serializer, which passes raw HTML through: any raw node our plugins did not write
 * becomes text, as the serializer wrote it before it passed any (an API description's HTML is
 * cleaned into elements earlier, by rehypeDescriptionHtml; a writer's is text from the start).
 */
export function rehypeOwnRawHtml() {
  return (tree: Root) => {
    visit(tree, 'raw', (node: Raw, index, parent) => {
      if (node.data?.ownHtml || !parent || index === undefined) return;
      parent.children[index] = { type: 'text', value: node.value };
    });
  };
}
