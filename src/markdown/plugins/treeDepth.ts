import type { Root, Nodes, Parent } from 'mdast';
import type { VFile } from 'vfile';
import { errorAt } from '../context.ts';

/**
 * The deepest Markdown tree the pipeline accepts. The plugins after this one, remark-rehype and
 * the HTML serialiser walk the tree recursively, and the serialiser overflows the stack near
 * 2,000 elements deep; a real page is 10 to 20 deep (list, item, paragraph, emphasis, link, text).
 */
export const maxTreeDepth = 256;

/**
 * Refuses a tree nested past maxTreeDepth (emphasis inside emphasis a thousand times, say),
 * with the location of the first node too deep, before any recursive walk can overflow. Runs
 * first, and walks the tree with its own stack.
 */
export function remarkTreeDepth() {
  return (tree: Root, file: VFile) => {
    const pending: Array<[Nodes, number]> = [[tree, 0]];
    while (pending.length > 0) {
      const [node, depth] = pending.pop()!;
      if (depth > maxTreeDepth) throw errorAt(file, node, `Markdown nested more than ${maxTreeDepth} levels deep`);
      for (const child of (node as Partial<Parent>).children ?? []) pending.push([child, depth + 1]);
    }
  };
}
