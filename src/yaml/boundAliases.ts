import { DocsgenError, lineOf } from '../errors.ts';
import { yamlLocator, type YamlPath } from './locateYamlPath.ts';

/**
 * How many nodes aliases may add to a YAML document once expanded. Parsers share an aliased
 * node rather than copy it, but everything after them (Redocly's walk, JSON output, variable
 * substitution) expands it: nine levels of ten aliases is 10⁹ nodes in a 600-byte file.
 */
export const maxAliasedNodes = 100_000;

/**
 * Refuses a parsed YAML value whose aliases form a cycle (an alias inside the node it names) or
 * would expand it by more than `maxAliasedNodes` (a "billion laughs" bomb), at the alias in
 * `source`. Aliased nodes are the values a parser shares; each is measured once, so this takes time linear in the document as written.
 */
export function assertAliasesBounded(value: unknown, source: string, file: string): void {
  const problem = findAliasProblem(value);
  if (!problem) return;
  const position = yamlLocator(source)(problem.path);
  throw new DocsgenError(
    problem.message,
    { file, line: position?.line ?? 1, column: position?.column ?? 1 },
    position ? lineOf(source, position.line) : undefined,
  );
}

/** The first alias cycle or bomb met in document order, with the key path that reaches it. */
function findAliasProblem(root: unknown): { path: YamlPath; message: string } | undefined {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const path: (string | number)[] = [];
  let aliased = 0;
  let message: string | undefined;
  // Expanded size of `value`; on a problem, `message` is set and `path` is left pointing at it.
  const measure = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    if (open.has(value)) {
      message = 'YAML alias refers to a node that contains it (an alias cycle)';
      return 0;
    }
    const known = sizes.get(value);
    if (known !== undefined) {
      aliased += known;
      if (aliased > maxAliasedNodes)
        message = `YAML aliases expand the document by more than ${maxAliasedNodes} nodes (an alias bomb)`;
      return known;
    }
    open.add(value);
    let size = 1;
    for (const [key, child] of Object.entries(value)) {
      path.push(Array.isArray(value) ? Number(key) : key);
      size += measure(child);
      if (message) return 0;
      path.pop();
    }
    open.delete(value);
    sizes.set(value, size);
    return size;
  };
  measure(root);
  return message ? { path, message } : undefined;
}
