import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import { remarkDirectivesAsText } from './plugins/directivesAsText.ts';
import { remarkVariables } from './plugins/variables.ts';
import { remarkAdmonitions } from './plugins/admonitions.ts';
import { remarkGithubAlerts } from './plugins/githubAlerts.ts';
import { remarkCodeTabs } from './plugins/codeTabs.ts';
import { remarkTabs } from './plugins/tabs.ts';
import { remarkLinks } from './plugins/links.ts';
import { remarkImages } from './plugins/images.ts';
import { remarkPageTitle } from './plugins/pageTitle.ts';
import { remarkUnterminatedBlocks } from './plugins/unterminatedBlocks.ts';
import { remarkUnknownDirectives } from './plugins/unknownDirectives.ts';
import { remarkRawHtmlAsText } from './plugins/rawHtmlAsText.ts';
import { maxPageLength, remarkInputLimits } from './plugins/inputLimits.ts';
import { remarkLiteralAutolinks } from './plugins/literalAutolinks.ts';
import { remarkSyntaxGates } from './plugins/syntaxGates.ts';
import { rehypeHighlightCode, type HighlightOptions } from './plugins/highlightCode.ts';
import { rehypeOwnRawHtml } from './plugins/ownRawHtml.ts';
import { rehypeHeadings } from './plugins/headings.ts';
import { rehypeExternalLinks } from './plugins/externalLinks.ts';
import { rehypeTableAlignment } from './plugins/tableAlignment.ts';
import { rehypeMarkdownRecords } from './plugins/rehypeMarkdownRecords.ts';
import { rehypeDescriptionHtml } from './plugins/descriptionHtml.ts';
import { rehypeDescriptionFootnotes } from './plugins/descriptionFootnotes.ts';
import { rehypeDescriptionHeadings } from './plugins/descriptionHeadings.ts';
import { markdownData, type MarkdownContext, type MarkdownData } from './context.ts';
import { codeOnlyTree } from './codeOnlyMarkdown.ts';
import { codeSpans, type CodeSpan } from './keptCode.ts';

/** A page's Markdown rendered: its HTML and what the plugins recorded (links, TOC, records, where its code blocks are). */
export interface RenderedMarkdown extends Omit<MarkdownData, 'context' | 'codeBlocks'> {
  html: string;
  /** With the context's `keptCode`: its highlighted blocks in `html` (keptCode.ts). */
  code?: CodeSpan[];
}

/** Renders one page's Markdown (or a fragment of the OpenAPI description) with its context. */
export type MarkdownRenderer = (markdown: string, file: string, context: MarkdownContext) => Promise<RenderedMarkdown>;

/**
 * The unified pipeline, built once and reused for every page: Markdown → mdast (GFM,
 * directives, our features) → hast (ids, anchors, highlighting, TOC) → HTML. Raw HTML in
 * Markdown is shown as text, so a page can only produce markup these plugins make; in an API
 * description, an allowlist of it is kept, cleaned (rehypeDescriptionHtml). `highlighter`: Shiki's,
 * or what loads it, called on the first code block a page cannot take back (keptCode.ts).
 */
export function createMarkdownRenderer(highlighter: HighlightOptions['highlighter']): MarkdownRenderer {
  const processor: Processor<any, any, any, any, string> = unified()
    .use(remarkParse)
    .use(remarkInputLimits)
    .use(remarkGfm)
    .use(remarkSyntaxGates)
    .use(remarkLiteralAutolinks)
    .use(remarkDirective)
    .use(remarkUnterminatedBlocks)
    .use(remarkUnknownDirectives)
    .use(remarkRawHtmlAsText)
    .use(remarkDirectivesAsText)
    .use(remarkVariables)
    .use(remarkGithubAlerts)
    .use(remarkAdmonitions)
    .use(remarkCodeTabs)
    .use(remarkTabs)
    .use(remarkPageTitle)
    .use(remarkLinks)
    .use(remarkImages)
    // Raw nodes reach hast only from an API description (remarkRawHtmlAsText), to be cleaned next.
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeDescriptionHtml)
    .use(rehypeDescriptionFootnotes)
    .use(rehypeDescriptionHeadings)
    .use(rehypeHeadings)
    .use(rehypeHighlightCode, { highlighter })
    .use(rehypeExternalLinks)
    .use(rehypeTableAlignment)
    .use(rehypeMarkdownRecords)
    .use(rehypeOwnRawHtml)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze();

  return async (markdown, path, context) => {
    const file = new VFile({ value: markdown, path, data: { context } });
    // Generated code (the API reference's samples and examples) skips the parser; a page too long is refused by it.
    const codeOnly = markdown.length <= maxPageLength ? codeOnlyTree(markdown) : undefined;
    const html = codeOnly
      ? processor.stringify(await processor.run(codeOnly, file), file)
      : String(await processor.process(file));
    const { title, toc, links, records, codeBlocks } = markdownData(file);
    return { html, title, toc, links, records, ...(codeBlocks ? { code: codeSpans(html, codeBlocks) } : {}) };
  };
}
