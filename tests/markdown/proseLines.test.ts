import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { forEachProseLine, proseLines } from '../../src/markdown/proseLines.ts';

/** forEachProseLine's lines as their indexes among the text's `\n`-separated lines, and their text. */
function walked(text: string): { indexes: number[]; lines: string[] } {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  const indexes: number[] = [];
  const lines: string[] = [];
  forEachProseLine(text, (start, end) => {
    indexes.push(starts.indexOf(start));
    lines.push(text.slice(start, end));
  });
  return { indexes, lines };
}

// Lines that open, close or fail to close fences of either kind, indented or not, and prose.
const line = fc.constantFrom(
  '```',
  '```js',
  '````',
  '   ```',
  '    ```',
  '~~~',
  '~~~~ info',
  '``` trailing text',
  '```  ',
  '```\r',
  '~~~\r',
  '',
  ' ',
  'Prose with [a link](./page.md).',
  '[id]: /docs/x/',
  '# Heading',
  '\r',
  'text ``` inside',
);

describe('forEachProseLine', () => {
  it('walks the lines proseLines lists, in order, without splitting the text', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.boolean(), (lines, trailingNewline) => {
        const text = lines.join('\n') + (trailingNewline ? '\n' : '');
        const split = text.split('\n');
        const expected = proseLines(split);
        const { indexes, lines: seen } = walked(text);
        expect(indexes).toEqual(expected);
        expect(seen).toEqual(expected.map((index) => split[index]));
      }),
      { numRuns: 3000, seed: 31 },
    );
  });

  it('gives an empty text one empty line, and a last line without its newline', () => {
    expect(walked('').lines).toEqual(['']);
    expect(walked('a\nb').lines).toEqual(['a', 'b']);
    expect(walked('a\n```\ncode\n```\nb\n').lines).toEqual(['a', 'b', '']);
  });
});
