import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yamlLocator, type YamlPath } from '../../src/yaml/locateYamlPath.ts';

const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');

/** Where `yaml`'s syntax tree places a path (the deepest node it reaches): what every source was located by before. */
function placedByTree(source: string, path: YamlPath) {
  const lines = new yaml.LineCounter();
  const document = yaml.parseDocument(source, { lineCounter: lines, uniqueKeys: false });
  let node: any = document.getIn(path, true);
  for (let depth = path.length; !node?.range && depth > 0; depth--)
    node = document.getIn(path.slice(0, depth - 1), true);
  if (!node?.range) return undefined;
  const position = lines.linePos(node.range[0]);
  return { line: position.line, column: position.col };
}

/** Every key path of a value, and beside each a path that leaves it (a missing key, an index past the end). */
function pathsOf(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path];
  return [
    path,
    [...path, 'missing', 'deeper'],
    ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...path, key])),
  ];
}

const description = {
  openapi: '3.1.0',
  info: { title: 'Things "quoted" \\ back', description: 'Line one\nline two 🙂 ![x](https://cdn.example/x.png)' },
  paths: {
    '/things/{id}': {
      get: {
        parameters: [
          { name: 'id', in: 'path', schema: { type: 'string', enum: ['a', 'b', 'c'] } },
          { name: 'ünïcode 🙂', in: 'query', example: [1, 2.5, -3e2, true, false, null] },
        ],
        responses: { '200': { description: 'OK', content: { 'application/json': { example: {} } } } },
      },
    },
    '/empty': {},
  },
  'x-list': [[], [[{ a: [] }]], ''],
};

describe('yamlLocator on a source written as JSON', () => {
  afterEach(() => vi.restoreAllMocks());

  const sources = {
    'indented, LF': JSON.stringify(description, null, 2),
    'indented, CRLF': JSON.stringify(description, null, 2).replace(/\n/g, '\r\n'),
    'one line': JSON.stringify(description),
    'tabs and spaces around tokens': JSON.stringify(description, null, '\t').replace(/: /g, ' :  '),
  };
  for (const [name, source] of Object.entries(sources)) {
    it(`places every path where yaml's tree places it (${name})`, () => {
      const locate = yamlLocator(source);
      for (const path of pathsOf(description)) expect(locate(path), path.join('/')).toEqual(placedByTree(source, path));
    });
  }

  it('builds no yaml syntax tree for JSON (GitHub’s 13 MB description held ~500 MB in one)', () => {
    const source = sources['indented, LF'];
    const paths = [
      ['paths', '/things/{id}', 'get', 'parameters', '1', 'example', '3'],
      ['info', 'description'],
      ['nowhere'],
    ];
    const expected = paths.map((path) => placedByTree(source, path));
    const parseDocument = vi.spyOn(yaml, 'parseDocument');
    const locate = yamlLocator(source);
    expect(paths.map((path) => locate(path))).toEqual(expected);
    expect(parseDocument).not.toHaveBeenCalled();
  });

  it('takes the first of a key written twice, as the tree does', () => {
    const source = '{"a": {"b": 1}, "a": {"b": 2, "c": 3}}';
    const locate = yamlLocator(source);
    for (const path of [['a'], ['a', 'b'], ['a', 'c']]) expect(locate(path)).toEqual(placedByTree(source, path));
  });

  it('reads YAML, and JSON with a mistake or comments, with the tree', () => {
    for (const source of [
      'openapi: 3.1.0\npaths:\n  /a:\n    get: {}\n',
      '{"a": [1, 2,], "b": {"c": 1}}',
      '{"a": 1, // note\n "b": {"c": 1}}',
      '{a: 1, b: {c: [1, 2]}}',
    ]) {
      const locate = yamlLocator(source);
      for (const path of [['paths', '/a', 'get'], ['b', 'c'], ['b', 'c', '1'], ['a']])
        expect(locate(path), `${source} ${path.join('/')}`).toEqual(placedByTree(source, path));
    }
  });
});
