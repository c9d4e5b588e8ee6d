import type { Root, RootContent } from 'hast';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toHtml } from 'hast-util-to-html';
import { LRUCache } from 'lru-cache';

// Responses repeat their descriptions (Stripe's 936 have 2, GitHub's 3,437 have 295): each is split once a thread.
const splits = new LRUCache<string, { lead: string; rest: string }>({ max: 2_000 });

/**
 * An HTML fragment split where a line of phrasing content (a `<summary>`, a `<span>`) must
 * stop: the content of its opening paragraph, and everything after it. A fragment that opens
 * with anything else (a list, a heading) has no lead; nothing is dropped either way.
 */
export function splitLeadParagraph(html: string): { lead: string; rest: string } {
  let split = splits.get(html);
  if (!split) splits.set(html, (split = splitOnce(html)));
  return split;
}

function splitOnce(html: string): { lead: string; rest: string } {
  const nodes = (fromParse5(parseFragment(html)) as Root).children.filter(
    (node) => !(node.type === 'text' && node.value.trim() === ''),
  );
  const [first, ...others] = nodes;
  if (first?.type !== 'element' || first.tagName !== 'p') return { lead: '', rest: html };
  return { lead: toHtml(first.children), rest: toHtml({ type: 'root', children: others as RootContent[] }) };
}
