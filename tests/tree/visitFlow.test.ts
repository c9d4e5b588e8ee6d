import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { visit } from '../../src/tree/visit.ts';
import { visitFlow } from '../../src/tree/visitFlow.ts';

const page = [
  '# Title `code`',
  '',
  'Text with *emphasis* and `code`.',
  '',
  '> quote',
  '>',
  '> - item',
  '>',
  '>   ```js',
  '>   one()',
  '>   ```',
  '',
  ':::note',
  '::::tabs',
  ':::tab[A]',
  '    indented()',
  ':::',
  '::::',
  ':::',
  '',
  '| a | b |',
  '|---|---|',
  '| `x` | y |',
  '',
  '[^1]: A footnote',
  '',
  '    ```',
  '    not a fence',
  '    ```',
].join('\n');

const tree = () =>
  fromMarkdown(page, {
    extensions: [gfmTable(), directive()],
    mdastExtensions: [gfmTableFromMarkdown(), directiveFromMarkdown()],
  });

/** What a walk of the whole tree finds of the given types, in order. */
function everyWalk(types: string[]) {
  const seen: string[] = [];
  visit(tree(), (node, index, parent) => {
    if (types.includes(node.type)) seen.push(`${node.type}@${index}<${parent?.type}`);
  });
  return seen;
}

describe('visitFlow', () => {
  it('finds every block a walk of every node finds, in the same order', () => {
    const types = ['code', 'containerDirective', 'blockquote', 'paragraph', 'list', 'listItem'];
    const seen: string[] = [];
    visitFlow(tree(), types, (node, index, parent) => {
      seen.push(`${node.type}@${index}<${parent?.type}`);
    });
    expect(seen).toEqual(everyWalk(types));
    expect(seen.filter((entry) => entry.startsWith('code'))).toEqual([
      'code@1<listItem',
      'code@1<containerDirective',
      'code@7<root',
    ]);
  });

  it('does not enter paragraphs, headings and tables', () => {
    const entered = new Set<string>();
    visitFlow(tree(), 'code', () => undefined);
    visit(tree(), (node) => {
      entered.add(node.type);
    });
    const visited = new Set<string>();
    visitFlow(tree(), ['text', 'inlineCode', 'emphasis', 'tableRow', 'tableCell'], (node) => {
      visited.add(node.type);
    });
    // A walk of every node meets them; this one never does.
    expect([...entered]).toEqual(expect.arrayContaining(['text', 'inlineCode', 'emphasis', 'tableCell']));
    expect([...visited]).toEqual([]);
  });

  it('goes on into a matching paragraph only when its visitor asks (CONTINUE)', () => {
    const texts: string[] = [];
    visitFlow(tree(), ['paragraph', 'text'], (node) => {
      if (node.type === 'text') texts.push(node.value);
      return node.type === 'paragraph' && node.children[0]?.value === 'quote' ? true : undefined;
    });
    expect(texts).toEqual(['quote']);
  });
});
