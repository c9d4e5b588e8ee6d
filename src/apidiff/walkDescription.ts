import path from 'node:path';
import type { SourceLocation } from '../errors.ts';
import { pointerKey, pointerKeys, refTarget, splitRef, type OpenApiModel } from '../openapi/openApiModel.ts';
import { schemaNames } from '../openapi/schemaNode.ts';
import { yamlLocator } from '../yaml/locateYamlPath.ts';

/** A node of a description reached by following keys and `$ref`s, and where it is written. */
export interface Reached {
  node: any;
  /** The file it is written in (`''` the root file, else its path from the root file's folder) and its pointer there. */
  part: string;
  pointer: string;
  /** The last named schema (`components/schemas`) passed on the way, and the keys walked inside it. */
  schema?: { name: string; keys: (string | number)[] };
}

/** The root of a description. */
export const rootOf = (api: OpenApiModel): Reached => ({ node: api.document, part: '', pointer: '' });

/**
 * Follows `keys` from `from` as a client sees the description: every `$ref` followed, and a key
 * missing from a schema looked for in its `allOf` parts (the diff library compares schemas with
 * their `allOf` merged). Stops at the last node reached when the keys leave what is written.
 */
export function walkDescription(
  api: OpenApiModel,
  from: Reached,
  keys: readonly (string | number)[],
): Reached & { walked: number } {
  let at = follow(api, from);
  let walked = 0;
  for (const key of keys) {
    const next = childOf(api, at, key);
    if (!next) break;
    at = next;
    walked++;
  }
  return { ...at, walked };
}

function childOf(api: OpenApiModel, at: Reached, key: string | number): Reached | undefined {
  const { node } = at;
  if (node === null || typeof node !== 'object') return undefined;
  if (Object.hasOwn(node, key)) {
    return follow(api, {
      ...at,
      node: node[key],
      pointer: `${at.pointer}/${pointerKey(String(key))}`,
      schema: at.schema && { ...at.schema, keys: [...at.schema.keys, key] },
    });
  }
  if (!Array.isArray(node.allOf)) return undefined;
  for (const [index, part] of node.allOf.entries()) {
    // A property of a named part (`allOf: [$ref: Base, …]`) belongs to that schema.
    const found = childOf(api, follow(api, { ...at, node: part, pointer: `${at.pointer}/allOf/${index}` }), key);
    if (found) return found;
  }
  return undefined;
}

/** Follows the `$ref`s at a node (each was checked when the description was loaded) to what they name. */
function follow(api: OpenApiModel, at: Reached): Reached {
  let reached = at;
  for (let hops = 0; typeof reached.node?.$ref === 'string' && hops < 64; hops++) {
    const ref: string = reached.node.$ref;
    const { part, pointer } = splitRef(ref);
    const name = schemaNames(api).get(ref);
    reached = {
      node: refTarget(api, ref),
      part,
      pointer,
      schema: name === undefined ? reached.schema : { name, keys: [] },
    };
  }
  return reached;
}

const locators = new WeakMap<OpenApiModel, Map<string, ReturnType<typeof yamlLocator>>>();

/** The file, line and column where a reached node is written. */
export function locationOf(api: OpenApiModel, { part, pointer }: Pick<Reached, 'part' | 'pointer'>): SourceLocation {
  const file = part === '' ? api.file : path.join(path.dirname(api.file), part);
  let byFile = locators.get(api);
  if (!byFile) locators.set(api, (byFile = new Map()));
  let locate = byFile.get(file);
  if (!locate) {
    const source = api.files.find((entry) => entry.file === file)?.source;
    if (source === undefined) return { file };
    byFile.set(file, (locate = yamlLocator(source)));
  }
  const position = locate(pointerKeys(pointer));
  return position ? { file, line: position.line, column: position.column } : { file };
}
