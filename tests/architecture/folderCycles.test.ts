import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/fixtureSite.ts';

/**
 * The layers as a graph: each folder of src/ (with its subfolders: `markdown/plugins` is part of
 * `markdown`) and the theme, `templates/`; an edge where a file of one imports a file of
 * another, type imports included.
 */
const layerOf = (file: string) => (file.startsWith('templates/') ? 'templates' : file.split('/').slice(0, 2).join('/'));

async function folderGraph(): Promise<Map<string, Set<string>>> {
  const result = await madge(['src', 'templates'], {
    baseDir: projectRoot,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(projectRoot, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const graph = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(result.obj())) {
    const from = layerOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of imports) if (layerOf(target) !== from) graph.get(from)!.add(layerOf(target));
  }
  return graph;
}

/** Groups of folders that reach each other (Tarjan's strongly connected components), each a cycle. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('layers', () => {
  it('have no folder cycles: the model below everything, the theme consuming it, the engine driving both', async () => {
    const graph = await folderGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(cycles(graph)).toEqual([]);
  });

  it('keep the model and the theme below the engine', async () => {
    const graph = await folderGraph();
    expect([...(graph.get('src/model') ?? [])]).toEqual([]);
    expect([...(graph.get('templates') ?? [])].sort()).toEqual(['src/client', 'src/model']);
  });
});
