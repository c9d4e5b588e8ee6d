import { beforeAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { DocsgenError } from '../../src/errors.ts';

let render: MarkdownRenderer;
const routes = new Map([
  ['intro.md', '/docs/intro/'],
  ['guide/index.md', '/docs/guide/'],
  ['guide/step.md', '/docs/guide/step/'],
]);
const variables = new Map([
  ['product', 'Acme Sign'],
  ['appUrl', 'https://app.acme.example'],
]);
const renderAt = (markdown: string, relativePath = 'guide/step.md') =>
  render(markdown, `/site/content/docs/${relativePath}`, { relativePath, routes, variables });

async function errorOf(markdown: string): Promise<DocsgenError> {
  const error = await renderAt(markdown).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  return error as DocsgenError;
}

beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

describe('headings and table of contents', () => {
  it('gives headings ids and anchor links, and lists h2–h3 only in the TOC', async () => {
    const result = await renderAt('# Title\n\n## First part\n\n### A detail\n\n#### Too deep\n\n## Second part\n');
    expect(result.title).toBe('Title');
    expect(result.html).toContain('<h2 id="first-part">First part<a class="hash-link"');
    expect(result.html).toContain('href="#a-detail"');
    expect(result.toc).toEqual([
      { id: 'first-part', text: 'First part', level: 2 },
      { id: 'a-detail', text: 'A detail', level: 3 },
      { id: 'second-part', text: 'Second part', level: 2 },
    ]);
  });

  it('keeps repeated headings apart with numbered ids', async () => {
    const result = await renderAt('## Example\n\n## Example\n');
    expect(result.toc.map((entry) => entry.id)).toEqual(['example', 'example-1']);
  });
});

describe('admonitions', () => {
  it('renders each Docusaurus type with its default or custom title', async () => {
    const result = await renderAt(
      ':::warning[Keys are *secret*]\nNever ship them.\n:::\n\n:::tip\nUse test mode.\n:::\n',
    );
    expect(result.html).toMatch(
      /<aside class="admonition admonition--warning" role="note"><p class="admonition__title"><span class="admonition__icon"><svg [^>]*role="img" aria-label="Warning">.*?<\/svg><\/span>Keys are <em>secret<\/em><\/p><p>Never ship them.<\/p><\/aside>/,
    );
    expect(result.html).toMatch(
      /<p class="admonition__title"><span class="admonition__icon"><svg [^>]*aria-hidden="true">.*?<\/svg><\/span>Tip<\/p>/,
    );
  });

  it('rejects an unknown type at its line', async () => {
    const error = await errorOf('Intro\n\n:::cuation\nText\n:::\n');
    expect(error.message).toMatch(/unknown directive ":::cuation"; did you mean ":::caution"\?/);
    expect(error.location).toMatchObject({ line: 3, column: 1 });
  });

  it('leaves prose with colons alone', async () => {
    const result = await renderAt('Set key:value at 10:30 in a:b.\n');
    expect(result.html).toContain('<p>Set key:value at 10:30 in a:b.</p>');
  });
});

describe('images', () => {
  it("keeps a relative image path as written in Markdown rendered without the site's images (an API description)", async () => {
    const result = await renderAt('![x](./pic.png) ![y](../../up.png)\n');
    expect(result.html).toBe(
      '<p><img src="./pic.png" alt="x" decoding="async"> <img src="../../up.png" alt="y" loading="lazy" decoding="async"></p>',
    );
    expect(result.links).toEqual([]);
  });
});

describe('prose tabs', () => {
  it("keeps every tab's text in the search records, the hidden ones too", async () => {
    const result = await renderAt(
      '# Install\n\n::::tabs{groupId=os}\n:::tab[macOS]\nUse Homebrew to install.\n:::\n:::tab[Windows]\nUse winget to install.\n:::\n::::\n',
    );
    const contents = result.records.filter((record) => record.type === 'content').map((record) => record.content);
    expect(contents).toEqual(['Use Homebrew to install.', 'Use winget to install.']);
  });
});

describe('code blocks', () => {
  it('highlights at build time in both themes with a copy button and title', async () => {
    const result = await renderAt('```js title="send.js"\nconst a = 1;\n```\n');
    expect(result.html).toContain('<figcaption class="code-block__title">send.js</figcaption>');
    expect(result.html).toMatch(/<span class="t\d+">const<\/span>/);
    expect(result.html).toContain('class="code-block__copy"');
  });

  it('loads any language Shiki knows on first use, and shows an unknown one as plain text', async () => {
    const cobol = await renderAt('```cobol\nDISPLAY "HI".\n```\n');
    expect(cobol.html).toMatch(/<span class="t\d+">DISPLAY<\/span>/);
    const unknown = await renderAt('```klingon\nqapla "HI".\n```\n');
    expect(unknown.html).toContain('data-language="klingon"');
    expect(unknown.html).toContain('qapla "HI".');
  });

  it('groups fences in :::code-tabs into an ARIA tab list labelled by label= or language', async () => {
    const result = await renderAt(':::code-tabs\n```bash label=curl\ncurl x\n```\n```python\nprint(1)\n```\n:::\n');
    expect(result.html).toContain('role="tablist"');
    expect(result.html).toMatch(
      /<button type="button" role="tab" id="tabs-0-tab-0" aria-controls="tabs-0-panel-0" aria-selected="true" tabindex="0" data-label="curl"/,
    );
    expect(result.html).toContain('data-label="Python"');
    expect(result.html).toMatch(/id="tabs-0-panel-1"[^>]*class="tabs__panel tabs__panel--inactive"/);
  });

  it('rejects prose inside a tab group', async () => {
    const error = await errorOf(':::code-tabs\nSome words\n```js\nx\n```\n:::\n');
    expect(error.message).toMatch(/only fenced code blocks/);
    expect(error.location?.line).toBe(2);
  });

  it('rejects an unterminated fence at its opening line', async () => {
    const error = await errorOf('Text\n\n```js\nconst a = 1;\n\n## Swallowed heading\n');
    expect(error.message).toMatch(/unterminated code fence/);
    expect(error.location).toMatchObject({ line: 3, column: 1 });
  });

  it('rejects an unterminated tab group', async () => {
    const error = await errorOf('Intro\n\n:::code-tabs\n```js\nx\n```\n');
    expect(error.message).toMatch(/unterminated tab group/);
    expect(error.location?.line).toBe(3);
  });
});

describe('links', () => {
  it('resolves relative .md links to routes, keeping the anchor', async () => {
    const result = await renderAt('[a](../intro.md#setup) [b](./index.md) [c](/docs/guide/)');
    expect(result.html).toContain('href="/docs/intro/#setup"');
    expect(result.html).toContain('href="/docs/guide/"');
    expect(result.links.map((link) => [link.href, link.line, link.column])).toEqual([
      ['/docs/intro/#setup', 1, 1],
      ['/docs/guide/', 1, 24],
      ['/docs/guide/', 1, 40],
    ]);
  });

  it('records a .md link to a missing file with its position', async () => {
    const result = await renderAt('Line one\n\nSee [x](./missing.md).');
    expect(result.links[0]).toMatchObject({ written: './missing.md', missingFile: true, line: 3, column: 5 });
  });

  it('opens external links safely and refuses script URLs', async () => {
    const result = await renderAt('[site](https://example.com)');
    expect(result.html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    const error = await errorOf('[x](javascript:alert(1))');
    expect(error.message).toMatch(/unsafe link scheme "javascript:"/);
  });

  it('does not pass raw HTML through, and shows it as text', async () => {
    const result = await renderAt(
      'Hello <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n<div onclick="x()">block</div>\n',
    );
    expect(result.html).not.toMatch(/<(script|img|div)\b/);
    expect(result.html).toContain('&#x3C;img src=x onerror=alert(1)>');
  });
});

describe('variables', () => {
  it('substitutes in prose, code and links, keeping positions, and links a substituted URL', async () => {
    const result = await renderAt(
      'Use {{product}} at {{appUrl}}.\n\n`{{product}}`\n\n```bash\necho {{product}}\n```\n\n[home]({{appUrl}}/home) and [x](./missing.md)\n',
    );
    expect(result.html).toContain(
      '<p>Use Acme Sign at <a href="https://app.acme.example" target="_blank" rel="noopener noreferrer">https://app.acme.example</a>.</p>',
    );
    expect(result.html).toContain('<code>Acme Sign</code>');
    expect(result.html).toMatch(/echo<\/span><span [^>]*> Acme<\/span><span [^>]*> Sign<\/span>/);
    expect(result.html).toContain('href="https://app.acme.example/home"');
    expect(result.links.find((link) => link.missingFile)).toMatchObject({ line: 9, column: 29 });
  });

  it('substitutes a placeholder whose braces are written as character references', async () => {
    // A page without two braces in a row, as written, is not walked: these are braces all the same.
    const written = ['&#123;&#123;product}}', '&lbrace;&lcub;product}}', '&#x7B;{product}}', '{&#X7b;product}}'];
    for (const placeholder of written) {
      expect((await renderAt(`Use ${placeholder}.\n`)).html).toBe('<p>Use Acme Sign.</p>');
    }
  });

  it('reports an unknown name at its exact column', async () => {
    const error = await errorOf('Line\n\nSay hi to {{prodcut}} today.\n');
    expect(error.message).toMatch(/^unknown variable \{\{prodcut\}\}/);
    expect(error.location).toMatchObject({ line: 3, column: 11 });
  });
});
