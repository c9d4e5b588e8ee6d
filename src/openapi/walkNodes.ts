import { pointerKey } from './openApiModel.ts';

/** An object or array of a parsed document, where it sits: its key in the node above (none at the top). */
export interface NodePlace {
  node: object;
  key?: string | number;
  up?: NodePlace;
}

/**
 * Visits every object and array of a parsed document in the order written (a node before what it
 * holds), without recursion: a description may nest thousands deep. A node that aliases share is
 * visited once. Its JSON pointer is built only when asked for (`pointerOf`): building one for
 * every node was most of the time of a walk over GitHub's description.
 */
export function walkNodes(root: unknown, visit: (place: NodePlace) => void): void {
  if (root === null || typeof root !== 'object') return;
  // A Set, not a WeakSet: it lives only as long as the walk, and took a third less CPU on GitHub's description.
  const seen = new Set<object>();
  const stack: NodePlace[] = [{ node: root }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { node } = place;
    if (seen.has(node)) continue;
    seen.add(node);
    visit(place);
    // Pushed last to first, so that they are visited first to last.
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) {
        const value: unknown = node[index];
        if (value !== null && typeof value === 'object') stack.push({ node: value, key: index, up: place });
      }
    } else {
      const keys = Object.keys(node);
      for (let index = keys.length - 1; index >= 0; index--) {
        const value: unknown = (node as Record<string, unknown>)[keys[index]];
        if (value !== null && typeof value === 'object') stack.push({ node: value, key: keys[index], up: place });
      }
    }
  }
}

/** The JSON pointer of a place (`/paths/~1things/get`; '' at the top). */
export function pointerOf(place: NodePlace): string {
  const keys: string[] = [];
  for (let at: NodePlace | undefined = place; at?.up; at = at.up) keys.push(pointerKey(String(at.key)));
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`;
}

/**
 * Gives each object or array of a parsed document that `picks` chooses, with its JSON pointer, in
 * the order written (a node before what it holds), without recursion. Unlike walkNodes it makes
 * nothing for the nodes it passes (no place each, no set of the nodes seen: on GitHub's
 * description ~1M of each, most of a walk's time), only a pointer for a node picked. A node that
 * aliases share is picked at its first place alone. Parsed documents are trees but for their YAML
 * aliases, which the loader bounds (src/yaml/boundAliases.ts: no cycle, at most 100,000 nodes
 * more once expanded), so a node shared is passed again, never without end.
 */
export function pickNodes(root: unknown, picks: (node: object) => boolean): { node: object; pointer: string }[] {
  const picked: { node: object; pointer: string }[] = [];
  if (root === null || typeof root !== 'object') return picked;
  const pickedNodes = new Set<object>();
  // The nodes to visit, each with its key and its depth (parallel stacks: no object a node), and the keys down to the node visited.
  const nodes: object[] = [root];
  const keys: (string | number)[] = [''];
  const depths: number[] = [0];
  const path: (string | number)[] = [];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    path.length = depth;
    const key = keys.pop()!;
    if (depth > 0) path[depth - 1] = key;
    if (picks(node) && !pickedNodes.has(node)) {
      pickedNodes.add(node);
      picked.push({ node, pointer: path.length === 0 ? '' : `/${path.map((at) => pointerKey(String(at))).join('/')}` });
    }
    // Pushed last to first, so that they are visited first to last.
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) {
        const value: unknown = node[index];
        if (value !== null && typeof value === 'object') {
          nodes.push(value);
          keys.push(index);
          depths.push(depth + 1);
        }
      }
    } else {
      const names = Object.keys(node);
      for (let index = names.length - 1; index >= 0; index--) {
        const value: unknown = (node as Record<string, unknown>)[names[index]];
        if (value !== null && typeof value === 'object') {
          nodes.push(value);
          keys.push(names[index]);
          depths.push(depth + 1);
        }
      }
    }
  }
  return picked;
}
