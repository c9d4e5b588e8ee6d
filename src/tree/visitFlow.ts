import { SKIP, visit, type VisitorResult } from './visit.ts';

/**
 * mdast nodes whose content is phrasing (a table's rows hold cells of phrasing): no block (a
 * code block, a `:::` container, a blockquote) is ever inside one.
 */
const phrasingParents = new Set(['paragraph', 'heading', 'table']);

/**
 * Visits the mdast nodes of type `type` (or of one of the types) that are blocks or may hold blocks, as `visit` does, but
 * does not enter paragraphs, headings and tables: most of a page's nodes are the text and inline
 * markup inside those, where no block can be. For walks that look for blocks (code, containers,
 * blockquotes, paragraphs), which visited every node of every page.
 */
export function visitFlow(
  tree: Parameters<typeof visit>[0],
  type: string | readonly string[],
  visitor: (node: any, index: number | undefined, parent: any) => VisitorResult,
): void {
  const wanted =
    typeof type === 'string'
      ? (node: { type: string }) => node.type === type
      : (node: { type: string }) => type.includes(node.type);
  visit(tree, (node, index, parent) => {
    const result = wanted(node) ? visitor(node, index, parent) : undefined;
    return result === undefined && phrasingParents.has(node.type) ? SKIP : result;
  });
}
