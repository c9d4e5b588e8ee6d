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
  return claimLinkedFragmentIds([html], ids, scope)[0];
}

/**
 * Fragments cut from one rendering (a response description's first paragraph and the rest, which
 * a footnote call and its note can straddle), claimed as one: a reference in any of them follows
 * the id wherever it went.
 */
export function claimLinkedFragmentIds(fragments: readonly string[], ids: PageIds, scope: string): string[] {
  // Most fragments are a plain paragraph: nothing to parse.
  if (!fragments.some((html) => html.includes(' id='))) return [...fragments];
  const trees = fragments.map((html) => fromParse5(parseFragment(html)) as Root);
  // A fragment without ids whose references nothing renamed is given back as it came.
  const changed = new Set<Root>();
  const renamed = new Map<string, string>();
  for (const tree of trees)
    visit(tree, 'element', (element: Element) => {
      const id = element.properties.id;
      if (typeof id === 'string') {
        element.properties.id = ids.claim(scope ? `${scope}/${id}` : id);
        renamed.set(id, element.properties.id);
      }
    });
  const rename = (tree: Root) => (id: unknown) => {
    const target = typeof id === 'string' ? renamed.get(id) : undefined;
    if (target === undefined) return id;
    changed.add(tree);
    return target;
  };
  for (const tree of trees)
    visit(tree, 'element', (element: Element) => {
      for (const name of idReferences) {
        const value = element.properties[name];
        if (Array.isArray(value)) element.properties[name] = value.map(rename(tree)) as string[];
        else if (typeof value === 'string') element.properties[name] = rename(tree)(value) as string;
      }
      const href = element.properties.href;
      if (typeof href === 'string' && href.startsWith('#')) {
        const target = renamed.get(decodedFragment(href));
        if (target !== undefined) {
          element.properties.href = `#${target}`;
          changed.add(tree);
        }
      }
    });
  return trees.map((tree, index) =>
    changed.has(tree) || fragments[index].includes(' id=') ? toHtml(tree) : fragments[index],
  );
}

function decodedFragment(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}
