import { beforeAll, describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { codeOnlyTree } from '../../src/markdown/codeOnlyMarkdown.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

/** The tree remark-parse makes, positions left out. */
const parsed = (markdown: string) =>
  JSON.parse(
    JSON.stringify(unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(markdown), (key, value) =>
      key === 'position' ? undefined : value,
    ),
  );

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});
const context = { relativePath: 'x.md', routes: new Map(), variables: new Map() };

/** What the API reference writes: an example's fence, a group of samples (a fence longer than any backtick run inside). */
const generated = [
  '```json\n{\n  "id": 1,\n  "name": "a `b` c"\n}\n```',
  '```text\nplain\n\n  indented\n\ttabbed\n```',
  '```json\n\n```',
  ':::code-tabs\n```bash label="cURL"\ncurl -X POST "https://api.example/v1/things?x=1" \\\n  -H "Authorization: Bearer $TOKEN"\n```\n```javascript label="Node.js"\nawait fetch(`https://api.example/v1/things`);\n```\n:::',
  ':::code-tabs\n````python label="Python"\nprint("""\n```\nnot a fence end: indented four\n    ````\n""")\n````\n```go label="Go"\nfmt.Println(":::")\n```\n:::',
  '```php label="PHP" title="a.php"\n<?php echo 1;\n```',
  // Named examples (examplesMarkdown.ts), their labels escaped.
  '::::tabs\n:::tab[Create a \\*text\\* field (v2), "quoted"]\n```json\n{\n  "a": ":::"\n}\n```\n:::\n:::tab[Ünï 2]\n```json\n2\n```\n:::\n::::',
];

describe('codeOnlyTree', () => {
  it.each(generated)('reads %j as remark-parse does, without it', (markdown) => {
    const tree = codeOnlyTree(markdown);
    expect(tree).toBeDefined();
    expect(tree).toEqual(parsed(markdown));
  });

  it.each([
    // Lines a parser reads as the end of the fence or of the group.
    '```json\n{\n```\n}\n```',
    '```json\n{\n   ```\n}\n```',
    '````js\nx\n```````\n````',
    ':::code-tabs\n```bash\necho\n:::\n```\n:::',
    // An info string with a character reference or an escape; a carriage return; a NUL; prose around.
    '```js label="a&amp;b"\nx\n```',
    '```js label="a\\"b"\nx\n```',
    '```js\r\nx\r\n```',
    '```js\nx\0y\n```',
    // A placeholder, whose mistakes are located by the parser's positions.
    '```js\nconst product = "{{product}}";\n```',
    'Text\n\n```js\nx\n```',
    '```js\nx\n```\n\n```js\ny\n```',
    '~~~js\nx\n~~~',
    ' ```js\nx\n```',
    // Example tabs with prose, a label that may start a directive or an autolink, a line of colons, no tab.
    '::::tabs\n:::tab[A]\nAn example.\n\n```json\n1\n```\n:::\n::::',
    '::::tabs\n:::tab[Note:x]\n```json\n1\n```\n:::\n::::',
    '::::tabs\n:::tab[a@b.example]\n```json\n1\n```\n:::\n::::',
    '::::tabs\n:::tab[See www.example.com]\n```json\n1\n```\n:::\n::::',
    '::::tabs\n:::tab[ A]\n```json\n1\n```\n:::\n::::',
    '::::tabs\n:::tab[A]\n```json\n:::\n```\n:::\n::::',
    '::::tabs\n:::note[A]\n```json\n1\n```\n:::\n::::',
    '::::tabs\n::::',
  ])('leaves %j to the parser', (markdown) => {
    expect(codeOnlyTree(markdown)).toBeUndefined();
  });

  it.each(generated)('renders %j to the HTML the parser path gives', async (markdown) => {
    // A trailing line end makes the same Markdown go through the parser.
    expect(codeOnlyTree(`${markdown}\n`)).toBeUndefined();
    expect((await render(markdown, 'x.md', context)).html).toBe((await render(`${markdown}\n`, 'x.md', context)).html);
  });
});
