import type { Element, Root } from 'hast';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toHtml } from 'hast-util-to-html';
import { visit } from '../tree/visit.ts';
import type { PageIds } from './pageIds.ts';

/** Attributes that name other elements by id (hast property names). */
const idReferences = [
  'ariaControls',
  'ariaLabelledBy',
  'ariaDescribedBy',
  'ariaOwns',
  'ariaFlowTo',
  'htmlFor',
  'ariaActiveDescendant',
  'ariaDetails',
  'ariaErrorMessage',
];

/**
 * An HTML fragment rendered on its own (a Markdown description, a tab group of samples) with its
 * ids claimed from the page it is put on: each id becomes `scope/id` (or stays `id` with no
 * scope), suffixed if taken, and the fragment's own references to it (a heading's `#` link, a
 * tab's `aria-controls`) follow. References to ids outside the fragment are left alone.
 */
export function claimFragmentIds(html: string, ids: PageIds, scope: string): string {
  // Most fragments are a plain paragraph: nothing to parse.
  if (!html.includes(' id=')) return html;
  const tree = fromParse5(parseFragment(html)) as Root;
  const renamed = new Map<string, string>();
  visit(tree, 'element', (element: Element) => {
    const id = element.properties.id;
    if (typeof id === 'string') {
      element.properties.id = ids.claim(scope ? `${scope}/${id}` : id);
      renamed.set(id, element.properties.id);
    }
  });
  const rename = <T>(id: T): T | string => (typeof id === 'string' ? (renamed.get(id) ?? id) : id);
  visit(tree, 'element', (element: Element) => {
    for (const name of idReferences) {
      const value = element.properties[name];
      if (Array.isArray(value)) element.properties[name] = value.map(rename);
      else if (typeof value === 'string') element.properties[name] = rename(value);
    }
    const href = element.properties.href;
    if (typeof href === 'string' && href.startsWith('#')) {
      const target = renamed.get(decodedFragment(href));
      if (target !== undefined) element.properties.href = `#${target}`;
    }
  });
  return toHtml(tree);
}

function decodedFragment(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}
