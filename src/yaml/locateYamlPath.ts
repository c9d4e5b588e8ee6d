import { createRequire } from 'node:module';
// Its ES module build: the package's `main` is a UMD build that requires its parts by computed names, which a bundle cannot follow.
import { visit, type JSONPath } from 'jsonc-parser/lib/esm/main.js';
import type { Document, LineCounter } from 'yaml';

// `yaml` (265 KB bundled) is loaded when a place is first asked for, not on every start: a build
// without a mistake never needs it.
const loadYaml = () => createRequire(import.meta.url)('yaml') as typeof import('yaml');

/** A key path into a YAML document. */
export type YamlPath = readonly (string | number)[];

/** A place in a source: its line and column, from 1. */
type Position = { line: number; column: number };

/**
 * Finds where a key path (`['paths', '/things/', 'get']`) is written in a YAML source. Where the
 * path passes through an alias, or leaves what is written, it answers the deepest node it reached:
 * the alias itself, or the nearest written ancestor.
 *
 * A source written as JSON (OpenAPI descriptions often are: GitHub's is 13 MB) is scanned for the
 * path with jsonc-parser's visitor, which builds nothing and skips what is off the path: `yaml`'s
 * syntax tree of GitHub's description held ~500 MB to answer two warnings. Anything else, or JSON
 * the visitor finds a mistake in, goes to `yaml`'s syntax tree, which keeps positions (and is ~7×
 * slower than js-yaml, so it is built only when an error needs a place; its duplicate-key check,
 * quadratic in the keys of a mapping, is left to js-yaml, which read the source first).
 */
export function yamlLocator(source: string): (path: YamlPath) => Position | undefined {
  let parsed: { document: Document; lines: LineCounter } | undefined;
  let json = /^\s*[[{]/.test(source);
  return (path) => {
    if (json) {
      const offset = jsonOffset(source, path);
      if (offset !== undefined) return positionAt(source, offset);
      json = false;
    }
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

/**
 * Where the value at `path` starts in a JSON source, or that of its deepest ancestor written
 * there; undefined when the source is not strict JSON (then it is read as YAML).
 */
function jsonOffset(source: string, path: YamlPath): number | undefined {
  const target = path.map(String);
  let found = { depth: -1, offset: 0 };
  let valid = true;
  // Only values on the path are entered, each depth once: of a key written twice the first is
  // taken, as yaml's `getIn` takes it. The scan stops at the value itself when all before it was
  // strict JSON (what follows cannot move it): GitHub's warnings sit a fifth of the way into 13 MB.
  const value = (offset: number, at: () => JSONPath) => {
    const reached = at();
    if (reached.length <= found.depth || reached.length > target.length) return false;
    if (!reached.every((key, index) => String(key) === target[index])) return false;
    found = { depth: reached.length, offset };
    if (valid && reached.length === target.length) throw reachedPath;
    return reached.length < target.length;
  };
  try {
    visit(
      source,
      {
        onObjectBegin: (offset, _length, _line, _column, at) => value(offset, at),
        onArrayBegin: (offset, _length, _line, _column, at) => value(offset, at),
        // A skipped object or array is left at its end, counted there: without these the rest is skipped too.
        onObjectEnd: () => {},
        onArrayEnd: () => {},
        onLiteralValue: (_value, offset, _length, _line, _column, at) => void value(offset, at),
        onError: () => (valid = false),
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    if (error !== reachedPath) throw error;
  }
  return valid && found.depth >= 0 ? found.offset : undefined;
}

/** Thrown from jsonc-parser's visitor to end its scan: it has no other way to stop. */
const reachedPath = Symbol('reached the path');

/** The line and column of an offset, lines counted at `\n` as `yaml`'s LineCounter counts them. */
function positionAt(source: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let next = source.indexOf('\n'); next !== -1 && next < offset; next = source.indexOf('\n', start)) {
    line++;
    start = next + 1;
  }
  return { line, column: offset - start + 1 };
}
