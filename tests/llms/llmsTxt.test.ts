import { describe, expect, it } from 'vitest';
import { firstSentence, markdownTwin, type TwinContext, type TwinPage } from '../../src/llms/markdownTwin.ts';
import { llmsFullIndex, llmsFullTxt, llmsTxt, type LlmsSite } from '../../src/llms/llmsTxt.ts';
import { partText } from '../../src/write/textParts.ts';
import { readPage } from '../../src/content/discoverPages.ts';

const context: TwinContext = {
  siteUrl: 'https://docs.example/',
  variables: new Map([['product', 'Acme Sign']]),
  routes: new Map([
    ['intro.md', '/docs/intro/'],
    ['guide/step.md', '/docs/guide/step/'],
  ]),
  images: new Map([['guide/flow chart.png', '/assets/flow-chart-1a2b3c4d.png']]),
};

const page = (overrides: Partial<TwinPage>): TwinPage => ({
  route: '/docs/intro/',
  title: 'Introduction',
  markdown: '',
  relativePath: 'intro.md',
  ...overrides,
});

describe('markdownTwin', () => {
  it('keeps the Markdown as written, front matter blanked out, with the title as an h1 when the page has none', () => {
    const twin = markdownTwin(page({ markdown: '\n\n\n\nSome *text*.\n\n:::note[Heads up]\nA note.\n:::\n' }), context);
    expect(twin).toBe('# Introduction\n\nSome *text*.\n\n:::note[Heads up]\nA note.\n:::\n');
  });

  it('keeps a title with a line break on its heading line', () => {
    expect(markdownTwin(page({ title: 'Two\n# lines', markdown: 'Body.\n' }), context)).toBe(
      '# Two # lines\n\nBody.\n',
    );
  });

  it('carries no NUL from the page, which reads as U+FFFD as in its HTML (CommonMark §2.3)', () => {
    const source = readPage(
      '---\ntitle: Nul\n---\n# A\0b\n\nText\0 and `co\0de`.\n',
      '/c/docs/intro.md',
      'intro.md',
      context.variables,
    );
    const twinPage = page({ markdown: source.markdown });
    const twin = markdownTwin(twinPage, context);
    expect(twin).toBe('# A\uFFFDb\n\nText\uFFFD and `co\uFFFDde`.\n');
    expect(
      llmsFullTxt({ title: 'T', summary: 'S', pages: [twinPage], sections: [], api: [] }, context)
        .parts.map(partText)
        .join(''),
    ).not.toContain('\0');
  });

  it('keeps the page’s own h1 and adds none', () => {
    expect(markdownTwin(page({ markdown: '# Own title\n\nBody.\n' }), context)).toBe('# Own title\n\nBody.\n');
  });

  it('drops highlight comments from code, as the copy button does, but not from a block with a {range} or unpaired ones', () => {
    const markdown = [
      '# T',
      '',
      '// highlight-next-line in prose stays',
      '',
      '```js title="a.js"',
      '// highlight-next-line',
      'a();',
      '```',
      '',
      '````bash',
      '# highlight-start',
      'curl x',
      '```',
      '# highlight-end',
      '````',
      '',
      '```js {1}',
      '// highlight-next-line',
      'b();',
      '```',
      '',
      '```py',
      '# highlight-start',
      'c()',
      '```',
      '',
      '```',
      '```',
      '',
    ].join('\n');
    expect(markdownTwin(page({ markdown }), context)).toBe(
      [
        '# T',
        '',
        '// highlight-next-line in prose stays',
        '',
        '```js title="a.js"',
        'a();',
        '```',
        '',
        '````bash',
        'curl x',
        '```',
        '````',
        '',
        '```js {1}',
        '// highlight-next-line',
        'b();',
        '```',
        '',
        '```py',
        '# highlight-start',
        'c()',
        '```',
        '',
        '```',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('keeps every tab of a prose tab group, as written', () => {
    const markdown =
      '# T\n\n::::tabs{groupId=os}\n:::tab[macOS]\nUse Homebrew.\n:::\n:::tab[Windows]\nUse winget.\n:::\n::::\n';
    expect(markdownTwin(page({ markdown }), context)).toBe(markdown);
  });

  it('points images beside the page at their served copies', () => {
    const twin = markdownTwin(
      page({
        markdown: '# T\n\n![Flow](guide/flow%20chart.png) and ![Other](./missing.png)\n',
        relativePath: 'intro.md',
      }),
      context,
    );
    expect(twin).toBe(
      '# T\n\n![Flow](https://docs.example/assets/flow-chart-1a2b3c4d.png) and ![Other](./missing.png)\n',
    );
  });

  it('resolves variables, escaped braces written literally', () => {
    expect(markdownTwin(page({ markdown: '# T\n\n{{product}} and \\{{product}}\n' }), context)).toBe(
      '# T\n\nAcme Sign and {{product}}\n',
    );
  });

  it('makes links into the site absolute: root-relative, relative .md with anchors, definitions', () => {
    const twin = markdownTwin(
      page({
        markdown: '# T\n\nSee [step](guide/step.md#details), [api](/api/#op) and [x][ref].\n\n[ref]: ./intro.md\n',
      }),
      context,
    );
    expect(twin).toContain('[step](https://docs.example/docs/guide/step/#details)');
    expect(twin).toContain('[api](https://docs.example/api/#op)');
    expect(twin).toContain('[ref]: https://docs.example/docs/intro/');
  });

  it('rewrites links on any line, first and last, and none in fences (closed, of either kind, or left open)', () => {
    const markdown = [
      '[first](./intro.md) and [second](guide/step.md)',
      '~~~md',
      '[in tilde fence](./intro.md)',
      '~~~',
      '   [ref]: ./intro.md#top\r',
      '````',
      '```',
      '[inside a longer fence](./intro.md)',
      '````',
      'Between [x](/docs/a/) fences.\r',
      '```',
      '[open fence](./intro.md)',
      'last [y](./intro.md)',
    ].join('\n');
    const twin = markdownTwin(page({ markdown: `# T\n\n${markdown}` }), context);
    expect(twin).toBe(
      [
        '# T',
        '',
        '[first](https://docs.example/docs/intro/) and [second](https://docs.example/docs/guide/step/)',
        '~~~md',
        '[in tilde fence](./intro.md)',
        '~~~',
        '   [ref]: https://docs.example/docs/intro/#top\r',
        '````',
        '```',
        '[inside a longer fence](./intro.md)',
        '````',
        'Between [x](https://docs.example/docs/a/) fences.\r',
        '```',
        '[open fence](./intro.md)',
        'last [y](./intro.md)',
        '',
      ].join('\n'),
    );
    // The page's first line, and its last without a newline.
    expect(markdownTwin(page({ markdown: '[a](./intro.md)\n\n[b](./intro.md)' }), context)).toBe(
      '# Introduction\n\n[a](https://docs.example/docs/intro/)\n\n[b](https://docs.example/docs/intro/)\n',
    );
  });

  it('leaves external links, anchors and code exactly as written', () => {
    const markdown = '# T\n\n[ext](https://other.example/) [here](#part) `[a](/docs/)`\n\n```md\n[b](/docs/)\n```\n';
    expect(markdownTwin(page({ markdown }), context)).toBe(markdown);
  });
});

describe('firstSentence', () => {
  it('takes the first sentence of the first paragraph, skipping headings, code and directives', () => {
    expect(firstSentence('# Title\n\n```js\nx. y.\n```\n\n:::note\n\nThe [first](/a/) *one*. The second.\n')).toBe(
      'The first one.',
    );
  });
});

describe('llmsTxt', () => {
  const site: LlmsSite = {
    title: 'Acme Docs',
    summary: 'Docs for\nthe API.',
    pages: [],
    sections: [],
    api: [{ title: 'API reference', href: '/api/', description: 'every endpoint' }],
  };
  const intro = page({ description: 'What it is.' });
  const step = page({
    route: '/docs/guide/step/',
    title: 'Step [one]\n# not a heading',
    markdown: 'First words. More.\n',
    relativePath: 'guide/step.md',
  });

  it('follows the llmstxt.org layout: title, summary, sections of linked pages with descriptions', () => {
    const text = llmsTxt(
      {
        ...site,
        pages: [intro, step],
        sections: [
          { title: 'Docs', pages: [intro] },
          { title: 'Guide', pages: [step] },
        ],
      },
      context,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Acme Docs');
    expect(lines[2]).toBe('> Docs for the API.');
    expect(text).toContain('## Docs\n\n- [Introduction](https://docs.example/docs/intro/index.md): What it is.\n');
    // A title cannot break out of its list item, nor its link text.
    expect(text).toContain(
      '- [Step \\[one\\] # not a heading](https://docs.example/docs/guide/step/index.md): First words.\n',
    );
    expect(text).toContain('## API reference\n\n- [API reference](https://docs.example/api/): every endpoint\n');
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('says where the full text is when it is split, and llms-full.txt lists its files', () => {
    const split = { ...site, pages: [intro, step], sections: [{ title: 'Docs', pages: [intro, step] }] };
    expect(llmsTxt(split, context, { fullFiles: 2 })).toContain(
      'https://docs.example/llms-full.txt lists the 2 files that have them all, in reading order.',
    );
    expect(llmsTxt(split, context, { twins: false, fullFiles: 2 })).toContain(
      'https://docs.example/llms-full.txt lists the 2 files that have every docs page below as Markdown, in reading order.',
    );
    const parts = [
      { route: '/llms-full-1.txt', sections: ['Docs'], pages: [intro] },
      { route: '/llms-full-2.txt', sections: ['Docs', 'Guide'], pages: [step] },
    ];
    expect(llmsFullIndex(split, parts, context, 25 * 2 ** 20)).toBe(
      [
        '# Acme Docs',
        '',
        '> Docs for the API.',
        '',
        'The full text of every docs page would be larger than the 25 MiB a file some static hosts accept, so it is in 2 files, in reading order:',
        '',
        '- [Part 1](https://docs.example/llms-full-1.txt): Docs (1 page)',
        '- [Part 2](https://docs.example/llms-full-2.txt): Docs, Guide (1 page)',
        '',
      ].join('\n'),
    );
  });

  it('llms-full.txt holds every page in reading order', () => {
    const full = llmsFullTxt(
      { ...site, pages: [step, intro], sections: [{ title: 'Docs', pages: [intro, step] }] },
      context,
    )
      .parts.map(partText)
      .join('');
    expect(full.indexOf('First words.')).toBeLessThan(full.indexOf('# Introduction'));
    expect(full).toContain('<!-- https://docs.example/docs/guide/step/ -->');
  });
});
