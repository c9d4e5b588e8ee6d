import type { Processor } from 'unified';
import type { Root, RootContent } from 'mdast';
import { EXIT, visit } from '../../tree/visit.ts';

type Transform = (tree: Root) => Root | undefined | void;

interface FromMarkdownExtension {
  enter?: Record<string, unknown>;
  transforms?: Transform[];
}

/**
 * What a text node holds before GFM's literal autolink transform can change it: each of its four
 * patterns needs `http://`, `https://` or `www.` (the URL's, case-insensitive) or an `@` (email,
 * `mailto:`, `xmpp:`).
 */
const literalAutolinkHint = /@|www\.|https?:\/\//i;

/**
 * GFM's literal autolinks (`www.example.com`, `https://…`, `a@b.example` in text), made only in
 * the top-level blocks that hold a text node one could be in. remark-gfm's transform walks the
 * whole page four times (one pass a pattern) with unist-util-visit-parents, which allocates an
 * ancestors array for every node: on a page of tables that was an eighth of the Markdown's time,
 * to change nothing. It changes text nodes one by one and skips only links (never a top-level
 * block), so running it on each block that holds a candidate gives the same tree. Comes after
 * remark-gfm.
 */
export function remarkLiteralAutolinks(this: Processor) {
  const extensions = (this.data().fromMarkdownExtensions ?? []).flat() as FromMarkdownExtension[];
  const autolinks = extensions.find((extension) => extension.enter?.literalAutolink !== undefined);
  if (!autolinks?.transforms) throw new Error('remarkLiteralAutolinks must come after remark-gfm');
  autolinks.transforms = autolinks.transforms.map((transform) => (tree: Root): undefined => {
    for (const block of tree.children) {
      if (holdsCandidate(block)) transform({ type: 'root', children: [block] });
    }
  });
}

function holdsCandidate(block: RootContent): boolean {
  let found = false;
  visit(block, 'text', (node: { value: string }) => {
    if (!literalAutolinkHint.test(node.value)) return;
    found = true;
    return EXIT;
  });
  return found;
}
