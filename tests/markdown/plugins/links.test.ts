import { describe, expect, it } from 'vitest';
import { renderError, renderMarkdown } from '../renderMarkdown.ts';

const refused: Array<[string, string, string, number, number]> = [
  [
    'a malformed % escape in a .md link',
    'Read\n\nthe [x](50%.md) page.',
    'malformed percent-encoding in link 50%.md: write %25 for a literal %',
    3,
    5,
  ],
  [
    'a malformed % escape in a .md definition',
    '[x]\n\n[x]: ./a%2.md#top',
    'malformed percent-encoding in link ./a%2.md#top: write %25 for a literal %',
    3,
    1,
  ],
  ['a javascript: link', '[x](javascript:alert(1))', 'unsafe link scheme "javascript:" in javascript:alert(1)', 1, 1],
];

const rendered: Array<[string, string, string]> = [
  ['a well-escaped .md link', '[x](../intro.md#a%20b)', '<p><a href="/docs/intro/#a%20b">x</a></p>'],
  ['a % in a link that is no page', '[x](/search/?q=50%)', '<p><a href="/search/?q=50%25">x</a></p>'],
];

describe('remarkLinks', () => {
  it.each(refused)('refuses %s with its location', async (_, markdown, message, line, column) => {
    const error = await renderError(markdown);
    expect(error.message).toBe(message);
    expect(error.location).toMatchObject({ line, column });
  });

  it.each(rendered)('renders %s', async (_, markdown, html) => {
    expect((await renderMarkdown(markdown)).html).toBe(html);
  });
});
