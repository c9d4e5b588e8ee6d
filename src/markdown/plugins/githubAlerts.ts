import type { Blockquote, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';

/** GitHub's five alerts, by the word in their marker, and the admonition (directives.ts) each is shown as. */
const admonitionOf: Record<string, string> = {
  note: 'note',
  tip: 'tip',
  important: 'important',
  warning: 'warning',
  caution: 'caution',
};

/** `[!NOTE]` alone on the first line (any case, as GitHub reads it), then the alert's text. */
const marker = /^\[!(\w+)\][ \t]*(?:\n|$)/;

/**
 * GitHub's alerts, a blockquote whose first line is `[!NOTE]` (or TIP, IMPORTANT, WARNING,
 * CAUTION), become the admonition of that name, which remarkAdmonitions renders: GitHub's REST
 * description writes 216 of them, which showed as quotes opening with "[!NOTE]". A blockquote with
 * another word in brackets, or nothing after the marker, stays a quote, as on GitHub.
 */
export function remarkGithubAlerts() {
  return (tree: Root, file: VFile) => {
    // Most pages have none: the walk is skipped unless the source could hold a marker.
    if (!String(file.value).includes('[!')) return;
    visitFlow(tree, 'blockquote', (node: Blockquote, index, parent) => {
      const [first] = node.children;
      if (first?.type !== 'paragraph' || first.children[0]?.type !== 'text' || index === undefined) return;
      const text = first.children[0];
      const found = marker.exec(text.value);
      const name = found && admonitionOf[found[1].toLowerCase()];
      // The marker alone on its line, and something after it.
      const rest = found ? text.value.slice(found[0].length) : '';
      const more = rest !== '' || first.children.length > 1 || node.children.length > 1;
      if (!name || !more || (!found[0].endsWith('\n') && first.children.length > 1)) return;
      if (rest === '') first.children.shift();
      else text.value = rest;
      if (first.children.length === 0) node.children.shift();
      const admonition: ContainerDirective = {
        type: 'containerDirective',
        name,
        attributes: {},
        children: node.children,
        position: node.position,
      };
      parent.children[index] = admonition;
    });
  };
}
