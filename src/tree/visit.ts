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

  /** Visits `node` and its descendants: returns the node's own action and next index. */
  const one = (node: TreeNode, index: number | undefined, parent: TreeNode | undefined): [Action, number?] => {
    let result: [Action, number?] = [CONTINUE];
    if (type === undefined || node.type === type) {
      result = toResult(visitNode(node, index, parent));
      if (result[0] === EXIT) return result;
    }
    const children = node.children;
    if (children && result[0] !== SKIP) {
      let offset = 0;
      while (offset > -1 && offset < children.length) {
        const childResult = one(children[offset], offset, node);
        if (childResult[0] === EXIT) return childResult;
        offset = typeof childResult[1] === 'number' ? childResult[1] : offset + 1;
      }
    }
    return result;
  };
  one(tree, undefined, undefined);
}

function toResult(value: VisitorResult): [Action, number?] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'number') return [CONTINUE, value];
  return value === null || value === undefined ? [CONTINUE] : [value];
}
