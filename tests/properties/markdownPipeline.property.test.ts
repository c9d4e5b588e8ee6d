import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { DocsgenError } from '../../src/errors.ts';

/** Every element the pipeline may produce, and the attributes it may put on them. */
const allowedTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'span',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'aside',
  'div',
  'button',
  'figure',
  'figcaption',
  'input',
  'sup',
  'section',
  'svg',
  'path',
]);
const allowedAttributes = new Set([
  'id',
  'class',
  'href',
  'src',
  'alt',
  'title',
  'style',
  'tabindex',
  'type',
  'role',
  'aria-controls',
  'aria-selected',
  'aria-labelledby',
  'aria-label',
  'aria-hidden',
  'aria-describedby',
  'data-label',
  'data-tabs',
  'data-language',
  'data-operation',
  'target',
  'rel',
  'start',
  'checked',
  'disabled',
  'data-footnotes',
  'data-footnote-ref',
  'data-footnote-backref',
  'dir',
  // Images' size and loading; the admonitions' icons.
  'width',
  'height',
  'loading',
  'decoding',
  'viewbox',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'focusable',
  'd',
]);

/** Fragments of Markdown and of hostile HTML, glued together at random. */
const markdownish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '# ',
        '## ',
        '### ',
        '*',
        '_',
        '**',
        '`',
        '```',
        '```js\n',
        '~~~',
        ':::note',
        ':::tip[Hi]',
        ':::',
        ':::code-tabs',
        '::::tabs',
        ':::tab[A]',
        '{groupId=os}',
        '```js {1-2} showLineNumbers\n',
        '// highlight-next-line\n',
        ':::bogus',
        '[x](',
        '](',
        ')',
        '[^1]',
        '![i](',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '"><svg onload=alert(1)>',
        'javascript:alert(1)',
        '</title>',
        '\n',
        '\n\n',
        '| a | b |\n',
        '|---|---|\n',
        '{{product}}',
        '{{',
        '}}',
        '\\{{x}}',
        'text',
        ' ',
        '> ',
        '- ',
        '1. ',
        '- [ ] ',
        '<',
        '>',
        '&',
        '&amp;',
        'https://x.example',
        './other.md#a',
        '#',
        ':name',
        '::leaf',
      ),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

describe('Markdown pipeline (property)', () => {
  it('never crashes: it renders, or reports a DocsgenError with a location', async () => {
    await fc.assert(
      fc.asyncProperty(markdownish, async (markdown) => {
        try {
          await render(markdown, '/site/content/docs/p.md', {
            relativePath: 'p.md',
            routes: new Map([['other.md', '/docs/other/']]),
            variables: new Map([['product', 'Acme Sign']]),
          });
        } catch (error) {
          expect(error).toBeInstanceOf(DocsgenError);
          expect((error as DocsgenError).location?.file).toBe('/site/content/docs/p.md');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every word written inside angle brackets, as text', async () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,10}$/);
    await fc.assert(
      fc.asyncProperty(word, word, async (before, tag) => {
        const { html } = await render(`${before} <${tag}> and List<${tag}> or </${tag}>\n`, '/site/content/docs/p.md', {
          relativePath: 'p.md',
          routes: new Map(),
          variables: new Map(),
        });
        expect(html).toBe(`<p>${before} &#x3C;${tag}> and List&#x3C;${tag}> or &#x3C;/${tag}></p>`);
      }),
      { numRuns: 200 },
    );
  });

  it('never produces markup outside what the pipeline allows', async () => {
    await fc.assert(
      fc.asyncProperty(markdownish, async (markdown) => {
        const html = await render(markdown, '/site/content/docs/p.md', {
          relativePath: 'p.md',
          routes: new Map(),
          variables: new Map([['product', 'Acme Sign']]),
        }).then(
          (result) => result.html,
          () => '',
        );
        for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
          expect(allowedTags).toContain(tag.toLowerCase());
          for (const [, name] of attributes.matchAll(/\s([^\s="']+)(?:="[^"]*")?/g))
            expect(allowedAttributes).toContain(name.toLowerCase());
        }
        expect(html).not.toMatch(/href="\s*javascript:/i);
      }),
      { numRuns: 300 },
    );
  });
});
