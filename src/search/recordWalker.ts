import type { Element, ElementContent, Root, RootContent } from 'hast';
import { headingRank } from 'hast-util-heading-rank';
import { emptyHierarchy, type PageRecord } from '../model/searchRecord.ts';

const notProse = new Set(['pre', 'button', 'nav', 'script', 'style', 'svg', 'template', 'thead']);

/**
 * Parts of a page that are not prose, told by what they are rather than by any plugin's or
 * template's class names: code, controls, navigation, icons, what is hidden from assistive
 * technology (heading anchors), and a figure that holds code (its caption names the code).
 */
const skipped = (node: Element) =>
  notProse.has(node.tagName) ||
  String(node.properties.ariaHidden) === 'true' ||
  (node.tagName === 'figure' && holdsCode(node));

const holdsCode = (node: Element): boolean =>
  node.children.some((child) => child.type === 'element' && (child.tagName === 'pre' || holdsCode(child)));

/** Elements whose text is one content record (nested blocks get their own). */
const blockTags = new Set(['p', 'li', 'tr', 'dt', 'dd', 'blockquote', 'figcaption']);

/**
 * The visible text of a node, whitespace collapsed, without skipped parts or nested blocks
 * (`nested` keeps them; `separated` puts a space between elements, for labels set side by side).
 */
export function textOf(node: Root | RootContent | ElementContent, { nested = false, separated = false } = {}): string {
  const parts: string[] = [];
  const visit = (child: Root | RootContent | ElementContent, top: boolean) => {
    if (child.type === 'text') parts.push(child.value);
    if (child.type !== 'element' && child.type !== 'root') return;
    if (child.type === 'element') {
      if (skipped(child)) return;
      if (!top && !nested && blockTags.has(child.tagName)) return;
      // Table cells, line breaks and (when asked) side-by-side labels read as separate words.
      if (separated || child.tagName === 'td' || child.tagName === 'th' || child.tagName === 'br') parts.push(' ');
    }
    for (const grandchild of child.children) visit(grandchild, false);
  };
  visit(node, true);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Turns a page region into records the way DocSearch's crawler reads a page: each heading
 * starts a level of the hierarchy, each paragraph, list item or table row is a content record
 * under the nearest heading, whose id is the record's anchor.
 */
export function createRecordWalker() {
  const records: PageRecord[] = [];
  let hierarchy = emptyHierarchy();
  let anchor: string | null = null;

  function heading(level: number, text: string, id: string | null): void {
    if (level < 1 || level > 6 || !text) return;
    const next = emptyHierarchy();
    for (let i = 1; i < level; i++) next[`lvl${i}` as keyof typeof next] = hierarchy[`lvl${i}` as keyof typeof next];
    next[`lvl${level}` as keyof typeof next] = text;
    hierarchy = next;
    anchor = id ?? (level === 1 ? null : anchor);
    records.push({ type: `lvl${level}` as PageRecord['type'], hierarchy: { ...hierarchy }, content: null, anchor });
  }

  function content(text: string): void {
    // Text before the page's first heading has nothing to hang from.
    if (!text || !hierarchy.lvl1) return;
    records.push({ type: 'content', hierarchy: { ...hierarchy }, content: text, anchor });
  }

  /** Walks a region in document order: headings by rank, blocks as content. */
  function walk(node: Root | Element, headingOffset = 0): void {
    for (const child of node.children) {
      if (child.type !== 'element' || skipped(child)) continue;
      const rank = headingRank(child);
      if (rank) heading(rank + headingOffset, textOf(child), (child.properties.id as string | undefined) ?? null);
      else if (blockTags.has(child.tagName)) {
        content(textOf(child));
        walk(child, headingOffset);
      } else walk(child, headingOffset);
    }
  }

  return { records, heading, content, walk };
}
