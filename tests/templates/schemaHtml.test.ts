import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChangeMark, SchemaNode } from '../../src/model/apiReference.ts';
import { SchemaTree } from '../../templates/api/SchemaTree.tsx';
import { AllowedValues } from '../../templates/api/AllowedValues.tsx';
import { SchemaConstraints } from '../../templates/api/SchemaConstraints.tsx';
import { ReactAllowedValues, ReactSchemaConstraints, ReactSchemaTree } from '../helpers/reactSchemaTree.tsx';

/** A small seeded generator (mulberry32): the same trees every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text with what React escapes, and what it does not. */
const texts = ['id', 'a "quoted" & <tagged> it\'s', 'ünïcödé 🙂', '', '0', ' spaced ', 'array of Thing'];
const marks: ChangeMark[] = [
  { kind: 'new', label: '2.10.0' },
  { kind: 'changed', label: '3 <beta> & "rc"' },
];

function schemaNodes(seed: number, count: number): SchemaNode[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const maybe = <T>(value: () => T, chance = 0.3): T | undefined => (next() < chance ? value() : undefined);
  const node = (depth: number): SchemaNode => {
    const values = Array.from({ length: pick([0, 1, 3, 20, 21, 45]) }, (_, index) => `${pick(texts)}${index}`);
    return {
      name: maybe(() => pick(texts), 0.9),
      type: pick(texts),
      refName: maybe(() => pick(texts)),
      refHref: maybe(() => pick(['#schema/Thing', '/api/schemas/2/#schema/A&B', '', ' javascript:alert(1)'])),
      required: next() < 0.5,
      descriptionHtml: maybe(() => pick(['<p>Described <code>x</code>.</p>', 'it&#x27;s'])),
      enumValues: maybe(() => values),
      defaultValue: maybe(() => pick(texts)),
      constraints: next() < 0.3 ? [pick(texts), pick(texts)].slice(0, 1 + Math.floor(next() * 2)) : [],
      pattern: maybe(() => pick(['^[a-z]+$', '<&>', ''])),
      readOnly: next() < 0.2,
      children:
        depth < 4 && next() < 0.5 ? Array.from({ length: 1 + Math.floor(next() * 3) }, () => node(depth + 1)) : [],
      variants: maybe(() => pick(['one of', 'any of'] as const)),
      mark: maybe(() => pick(marks), 0.15),
      enumMarks: maybe(() => Object.fromEntries(values.slice(0, 2).map((value) => [value, pick(marks)]))),
    };
  };
  return Array.from({ length: count }, () => node(0));
}

const html = (type: any, props: object) => renderToStaticMarkup(createElement(type, props));

describe('schemaHtml', () => {
  it('writes every schema tree exactly as the React components did, at every open depth', () => {
    for (const node of schemaNodes(2026, 200))
      for (const openDepth of [0, 1, 3]) {
        const expected = html(ReactSchemaTree, { node, openDepth });
        expect(html(SchemaTree, { node, openDepth })).toBe(expected);
      }
  });

  it('writes allowed values and constraints as the React components did', () => {
    for (const node of schemaNodes(7, 400)) {
      if (node.enumValues) {
        const props = { values: node.enumValues, marks: node.enumMarks };
        expect(html(AllowedValues, props)).toBe(html(ReactAllowedValues, props));
      }
      expect(html(SchemaConstraints, { schema: node })).toBe(html(ReactSchemaConstraints, { schema: node }));
    }
  });
});
