import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unified, type PluggableList } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import { DocsgenError } from '../../../src/errors.ts';
import type { MarkdownContext } from '../../../src/markdown/context.ts';
import { remarkAdmonitions } from '../../../src/markdown/plugins/admonitions.ts';
import { remarkGithubAlerts } from '../../../src/markdown/plugins/githubAlerts.ts';
import { remarkCodeTabs } from '../../../src/markdown/plugins/codeTabs.ts';
import { remarkTabs } from '../../../src/markdown/plugins/tabs.ts';
import { remarkDirectivesAsText } from '../../../src/markdown/plugins/directivesAsText.ts';
import { remarkVariables } from '../../../src/markdown/plugins/variables.ts';
import { remarkLinks } from '../../../src/markdown/plugins/links.ts';
import { remarkImages } from '../../../src/markdown/plugins/images.ts';
import { remarkUnterminatedBlocks } from '../../../src/markdown/plugins/unterminatedBlocks.ts';
import { remarkUnknownDirectives } from '../../../src/markdown/plugins/unknownDirectives.ts';
import { remarkRawHtmlAsText } from '../../../src/markdown/plugins/rawHtmlAsText.ts';
import { remarkPageTitle } from '../../../src/markdown/plugins/pageTitle.ts';
import { remarkInputLimits } from '../../../src/markdown/plugins/inputLimits.ts';
import { remarkLiteralAutolinks } from '../../../src/markdown/plugins/literalAutolinks.ts';
import { remarkSyntaxGates } from '../../../src/markdown/plugins/syntaxGates.ts';
import { rehypeHeadings } from '../../../src/markdown/plugins/headings.ts';
import { rehypeExternalLinks } from '../../../src/markdown/plugins/externalLinks.ts';
import { rehypeTableAlignment } from '../../../src/markdown/plugins/tableAlignment.ts';
import { rehypeMarkdownRecords } from '../../../src/markdown/plugins/rehypeMarkdownRecords.ts';
import { rehypeOwnRawHtml } from '../../../src/markdown/plugins/ownRawHtml.ts';
import { rehypeHighlightCode } from '../../../src/markdown/plugins/highlightCode.ts';
import { rehypeDescriptionHtml } from '../../../src/markdown/plugins/descriptionHtml.ts';
import { rehypeDescriptionFootnotes } from '../../../src/markdown/plugins/descriptionFootnotes.ts';
import { rehypeDescriptionHeadings } from '../../../src/markdown/plugins/descriptionHeadings.ts';
import { loadHighlighter } from '../../../src/markdown/highlighter.ts';

/**
 * Each Markdown plugin alone, as remark-gfm and VitePress test theirs: `fixtures/<plugin>/<case>.md`
 * goes through remark-parse, what the plugin strictly needs, the plugin, and the HTML stringifier;
 * the result is compared with `<case>.html`, the data the plugin gathers with `<case>.data.json`,
 * or its located error with `<case>.error.txt`. `UPDATE_FIXTURES=1` writes missing or changed
 * expectations, to be read before they are committed.
 */
const fixtures = path.join(import.meta.dirname, 'fixtures');

interface Setup {
  remark: PluggableList;
  rehype?: PluggableList;
  /** The fields of the plugins' data compared besides the HTML. */
  data?: string[];
  /** Rendered as a fragment of the OpenAPI description (raw HTML reaches hast), not as a page. */
  description?: boolean;
}

const highlighter = await loadHighlighter();

const setups: Record<string, Setup> = {
  admonitions: { remark: [remarkDirective, remarkAdmonitions] },
  githubAlerts: { remark: [remarkGithubAlerts, remarkAdmonitions] },
  codeTabs: { remark: [remarkDirective, remarkCodeTabs] },
  tabs: { remark: [remarkDirective, remarkTabs] },
  directivesAsText: { remark: [remarkDirective, remarkDirectivesAsText] },
  variables: { remark: [remarkVariables] },
  links: { remark: [remarkLinks], data: ['links'] },
  images: { remark: [remarkImages], data: ['links'] },
  unterminatedBlocks: { remark: [remarkDirective, remarkUnterminatedBlocks] },
  unknownDirectives: { remark: [remarkDirective, remarkUnknownDirectives] },
  rawHtmlAsText: { remark: [remarkRawHtmlAsText] },
  descriptionHtml: { remark: [remarkRawHtmlAsText], rehype: [rehypeDescriptionHtml], description: true },
  descriptionFootnotes: {
    remark: [remarkGfm, remarkRawHtmlAsText],
    rehype: [rehypeDescriptionHtml, rehypeDescriptionFootnotes],
    description: true,
  },
  // A fragment shown under an operation's h3, as most are.
  descriptionHeadings: {
    remark: [remarkRawHtmlAsText],
    rehype: [rehypeDescriptionHtml, rehypeDescriptionHeadings],
    description: true,
  },
  pageTitle: { remark: [remarkPageTitle], data: ['title'] },
  inputLimits: { remark: [remarkInputLimits] },
  literalAutolinks: { remark: [remarkGfm, remarkDirective, remarkLiteralAutolinks] },
  syntaxGates: { remark: [remarkGfm, remarkSyntaxGates, remarkDirective] },
  headings: { remark: [remarkGfm], rehype: [rehypeHeadings], data: ['toc'] },
  externalLinks: { remark: [], rehype: [rehypeExternalLinks] },
  tableAlignment: { remark: [remarkGfm], rehype: [rehypeTableAlignment] },
  highlightCode: { remark: [], rehype: [[rehypeHighlightCode, { highlighter }]] },
  // Raw HTML nobody cleaned (here a description's, with rehypeDescriptionHtml left out) is written as text.
  ownRawHtml: { remark: [], description: true },
  rehypeMarkdownRecords: {
    remark: [remarkGfm, remarkPageTitle],
    rehype: [rehypeHeadings, rehypeMarkdownRecords],
    data: ['records'],
  },
};

const context: MarkdownContext = {
  relativePath: 'guide/step.md',
  routes: new Map([
    ['intro.md', '/docs/intro/'],
    ['guide/step.md', '/docs/guide/step/'],
  ]),
  variables: new Map([
    ['product', 'Acme Sign'],
    ['helpUrl', 'https://help.acme.example'],
  ]),
  images: new Map([
    ['guide/diagram.png', { url: '/assets/diagram-1a2b3c4d.png', width: 640, height: 480 }],
    ['guide/flow.svg', { url: '/assets/flow-5e6f7a8b.svg' }],
    ['screens/home page.webp', { url: '/assets/home-page-9c0d1e2f.webp', width: 1280, height: 800 }],
  ]),
  // The title the page is rendered with: the first record when the Markdown has no `#` heading.
  title: 'Step  by step',
};

async function run(
  setup: Setup,
  markdown: string,
  file: string,
): Promise<{ html: string; data: Record<string, unknown> } | { error: string }> {
  const processor = unified()
    .use(remarkParse)
    .use(setup.remark)
    .use(remarkRehype, { allowDangerousHtml: setup.description })
    .use(setup.rehype ?? [])
    // The pipeline's last steps: raw HTML is passed through only where a plugin of ours wrote it.
    .use(rehypeOwnRawHtml)
    .use(rehypeStringify, { allowDangerousHtml: true });
  const descriptionHtml = setup.description
    ? { imageOrigins: ['https://img.acme.example'], headingsBelow: 3 }
    : undefined;
  const vfile = new VFile({ value: markdown, path: file, data: { context: { ...context, descriptionHtml } } });
  try {
    const html = String(await processor.process(vfile));
    const data = vfile.data as Record<string, unknown>;
    return { html, data: Object.fromEntries((setup.data ?? []).map((field) => [field, data[field] ?? null])) };
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    return { error: `${error.location?.line}:${error.location?.column}: ${error.message}` };
  }
}

const update = process.env.UPDATE_FIXTURES === '1';
function expectFile(file: string, actual: string): void {
  if (update && (!existsSync(file) || readFileSync(file, 'utf8') !== actual)) writeFileSync(file, actual);
  expect(existsSync(file), `${path.relative(fixtures, file)} is missing (UPDATE_FIXTURES=1 writes it)`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('every Markdown plugin has fixtures', () => {
  it('has a setup and cases for each plugin in src/markdown/plugins', () => {
    const plugins = readdirSync(path.join(import.meta.dirname, '../../../src/markdown/plugins')).map((name) =>
      name.replace(/\.ts$/, ''),
    );
    expect(plugins.filter((name) => !(name in setups))).toEqual([]);
    for (const name of Object.keys(setups))
      expect(readdirSync(path.join(fixtures, name)).some((entry) => entry.endsWith('.md'))).toBe(true);
  });
});

for (const [plugin, setup] of Object.entries(setups)) {
  describe(plugin, () => {
    const dir = path.join(fixtures, plugin);
    for (const name of readdirSync(dir)
      .filter((entry) => entry.endsWith('.md'))
      .sort()) {
      const base = path.join(dir, name.replace(/\.md$/, ''));
      it(name.replace(/\.md$/, '').replace(/-/g, ' '), async () => {
        const result = await run(setup, readFileSync(`${base}.md`, 'utf8'), `/site/content/docs/guide/${name}`);
        if ('error' in result) {
          expect(existsSync(`${base}.html`), 'an error where HTML was expected').toBe(false);
          return expectFile(`${base}.error.txt`, `${result.error}\n`);
        }
        expect(existsSync(`${base}.error.txt`), `no error where one was expected: ${result.html}`).toBe(false);
        expectFile(`${base}.html`, result.html.endsWith('\n') ? result.html : `${result.html}\n`);
        if (setup.data) expectFile(`${base}.data.json`, `${JSON.stringify(result.data, null, 2)}\n`);
      });
    }
  });
}
