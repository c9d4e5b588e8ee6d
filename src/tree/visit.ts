/**
 * A walk over a unist tree (mdast or hast) with unist-util-visit's API and semantics (test by node
 * type, visitor `(node, index, parent)`, results SKIP, EXIT, CONTINUE, a next index, or
 * `[action, index]`), without its allocations: unist-util-visit-parents builds a closure and an
 * ancestors array for every node, and with some fifteen walks a page that garbage was a sixth of a
 * build's CPU. Visitors here are not given ancestors (none of ours asks for them).
 */

/** Go on into the node's children (the default). */
export const CONTINUE = true;
/** Stop the whole walk. */
export const EXIT = false;
/** Do not go into this node's children. */
export const SKIP = 'skip';

type Action = typeof CONTINUE | typeof EXIT | typeof SKIP | undefined;
/** What a visitor returns: an action, the index of the sibling to visit next, or both. */
export type VisitorResult = Action | void | number | [Action, number?];

interface TreeNode {
  type: string;
  children?: TreeNode[];
}

type Visitor = (node: any, index: number | undefined, parent: any) => VisitorResult;

/** Visits every node of `tree` (of type `test`, when given) depth-first, parents before children. */
export function visit(tree: TreeNode, test: string | Visitor, visitor?: Visitor): void {
  const type = typeof test === 'string' ? test : undefined;
  const visitNode = typeof test === 'string' ? visitor! : test;
  // The sibling index the last node's visitor asked for: set as `one` returns, so the walk itself
  // allocates nothing a node (a result array a node was a third of the walks' time on a page of tables).
  let nextIndex: number | undefined;

  /** Visits `node` and its descendants: returns the node's own action, its next index in `nextIndex`. */
  const one = (node: TreeNode, index: number | undefined, parent: TreeNode | undefined): Action => {
    let action: Action = CONTINUE;
    let next: number | undefined;
    if (type === undefined || node.type === type) {
      const result = visitNode(node, index, parent);
      if (Array.isArray(result)) [action, next] = result;
      else if (typeof result === 'number') next = result;
      else if (result !== null && result !== undefined) action = result;
      if (action === EXIT) return EXIT;
    }
    const children = node.children;
    if (children && action !== SKIP) {
      let offset = 0;
      while (offset > -1 && offset < children.length) {
        if (one(children[offset], offset, node) === EXIT) return EXIT;
        offset = typeof nextIndex === 'number' ? nextIndex : offset + 1;
      }
    }
    nextIndex = next;
    return action;
  };
  one(tree, undefined, undefined);
}
