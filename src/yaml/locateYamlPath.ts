import { createRequire } from 'node:module';
import type { Document, LineCounter } from 'yaml';

// `yaml` (265 KB bundled) is loaded when a place is first asked for, not on every start: a build
// without a mistake never needs it.
const loadYaml = () => createRequire(import.meta.url)('yaml') as typeof import('yaml');

/** A key path into a YAML document. */
export type YamlPath = readonly (string | number)[];

/**
 * Finds where a key path (`['paths', '/things/', 'get']`) is written in a YAML source, with
 * `yaml`'s syntax tree, which keeps positions (and is ~7× slower than js-yaml, so it is built only
 * when an error needs a place; its duplicate-key check, quadratic in the keys of a mapping, is left
 * to js-yaml, which read the source first). Where the path passes through an alias, or leaves what is written,
 * it answers the deepest node it reached: the alias itself, or the nearest written ancestor.
 */
export function yamlLocator(source: string): (path: YamlPath) => { line: number; column: number } | undefined {
  let parsed: { document: Document; lines: LineCounter } | undefined;
  return (path) => {
    if (!parsed) {
      const { LineCounter, parseDocument } = loadYaml();
      const lines = new LineCounter();
      parsed = { document: parseDocument(source, { lineCounter: lines, uniqueKeys: false }), lines };
    }
    let node: any = parsed.document.getIn(path, true);
    for (let depth = path.length; !node?.range && depth > 0; depth--)
      node = parsed.document.getIn(path.slice(0, depth - 1), true);
    if (!node?.range) return undefined;
    const position = parsed.lines.linePos(node.range[0]);
    return { line: position.line, column: position.col };
  };
}
