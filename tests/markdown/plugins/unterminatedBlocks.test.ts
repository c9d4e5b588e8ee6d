import { describe, expect, it } from 'vitest';
import { renderError, renderMarkdown } from '../renderMarkdown.ts';

const closed: Array<[string, string]> = [
  ['a fence in a blockquote', '> ```js\n> const a = 1;\n> ```\n'],
  ['a longer closing fence in a blockquote', '> ~~~\n> x\n> ~~~~~\n'],
  ['a fence in a list item', '- step\n\n  ```bash\n  ls\n  ```\n'],
  ['a fence in a nested blockquote', '> > ```\n> > x\n> > ```\n'],
  ['a :::note in a blockquote', '> :::note\n> Careful.\n> :::\n'],
  ['a :::note in a list item', '- item\n\n  :::tip\n  Hint.\n  :::\n'],
];

const unterminated: Array<[string, string, string, number, number]> = [
  ['a fence in a blockquote', '> ```js\n> x\n\nAfter\n', 'unterminated code fence: add a closing ```', 1, 3],
  ['a fence closed by a shorter one', '> ````\n> x\n> ```\n', 'unterminated code fence: add a closing ````', 1, 3],
  ['a fence closed by the other character', '```\nx\n~~~\n', 'unterminated code fence: add a closing ```', 1, 1],
  [
    'a :::note in a blockquote',
    'Intro\n\n> :::note\n> Careful.\n',
    'unterminated :::note block: add a closing :::',
    3,
    3,
  ],
];

describe('remarkUnterminatedBlocks', () => {
  it.each(closed)('accepts %s', async (_, markdown) => {
    await expect(renderMarkdown(markdown)).resolves.toBeDefined();
  });

  it.each(unterminated)('refuses %s at its opening line', async (_, markdown, message, line, column) => {
    const error = await renderError(markdown);
    expect(error.message).toBe(message);
    expect(error.location).toMatchObject({ line, column });
  });

  it('reads an indented code block whose first line is three backticks as code', async () => {
    const { html } = await renderMarkdown('Text\n\n    ```\n    x\n');
    expect(html).toContain('<span>```</span>');
    expect(html).toContain('<span>x</span>');
  });
});
