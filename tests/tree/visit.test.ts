import { describe, expect, it } from 'vitest';
import { visit as libraryVisit } from 'unist-util-visit';
import { EXIT, SKIP, visit } from '../../src/tree/visit.ts';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

const tree = (): Node => ({
  type: 'root',
  children: [
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'a' },
        { type: 'emphasis', children: [{ type: 'text', value: 'b' }] },
      ],
    },
    { type: 'code', value: 'c' },
    { type: 'paragraph', children: [{ type: 'text', value: 'd' }] },
  ],
});

/** The walk both visitors see: type, value, index and parent type of each node visited. */
function walkOf(
  walk: typeof visit,
  test: string | undefined,
  visitor: (node: Node, index?: number, parent?: Node) => unknown,
) {
  const seen: string[] = [];
  const record = (node: Node, index: number | undefined, parent: Node | undefined) => {
    seen.push(`${node.type}${node.value ?? ''}@${index ?? '-'}<${parent?.type ?? '-'}`);
    return visitor(node, index, parent) as never;
  };
  const root = tree();
  if (test) walk(root, test, record);
  else walk(root, record);
  return { seen, root };
}

describe('visit, as unist-util-visit walks', () => {
  const cases: [string, string | undefined, (node: Node, index?: number, parent?: Node) => unknown][] = [
    ['every node, parents first', undefined, () => undefined],
    ['only the nodes of a type', 'text', () => undefined],
    ['not into a skipped node', undefined, (node) => (node.type === 'emphasis' ? SKIP : undefined)],
    ['nothing after EXIT', undefined, (node) => (node.type === 'code' ? EXIT : undefined)],
    [
      'from the index a visitor returns, after it replaced nodes',
      'paragraph',
      (node, index, parent) => {
        parent!.children!.splice(index!, 1, { type: 'text', value: 'x' }, { type: 'text', value: 'y' });
        return [SKIP, index! + 2];
      },
    ],
  ];
  for (const [name, test, visitor] of cases)
    it(name, () => {
      const ours = walkOf(visit, test, visitor);
      const library = walkOf(libraryVisit as never, test, visitor);
      expect(ours.seen).toEqual(library.seen);
      expect(ours.root).toEqual(library.root);
    });
});
