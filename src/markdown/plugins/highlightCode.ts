import type { Root, Element, ElementContent } from 'hast';
import type { BundledLanguage, Highlighter } from 'shiki';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { toString } from 'hast-util-to-string';
import { parseMetaHighlightString } from '@shikijs/transformers';
import { parseCodeMeta } from '../codeMeta.ts';
import { errorAt } from '../context.ts';
import { lineRangeOf, MagicCommentError, withoutMagicComments, type HighlightedCode } from '../magicComments.ts';
import { canonicalLanguage, isKnownLanguage } from '../highlighter.ts';
import { cacheLineTokens } from '../lineTokenCache.ts';
import { githubPaired } from '../pairedTheme.ts';
import { codeHtml } from '../codeHtml.ts';
import { ownRaw } from './ownRawHtml.ts';

/** The plugin's options: the highlighter, loaded once per thread. */
export interface HighlightOptions {
  highlighter: Highlighter;
}

interface Block {
  pre: Element;
  code: Element;
  parent: Element | Root;
  index: number;
  language?: string;
}

/**
 * Build-time highlighting with Shiki, one pass for GitHub's light and dark themes at once (a
 * class per colour pair, so the colour mode switches without JavaScript), wrapped in a figure with an optional title and a
 * copy button. Grammars load on first use. Nothing highlights in the browser. Lines are
 * highlighted as Docusaurus does (a `{2,4-5}` range, `highlight-…` comments: magicComments.ts),
 * and numbered with `showLineNumbers` (`showLineNumbers=5` starts at 5) by the stylesheet, so
 * the numbers are neither copied nor read out.
 */
export function rehypeHighlightCode({ highlighter }: HighlightOptions) {
  return async (tree: Root, file: VFile) => {
    const blocks: Block[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ pre: node, code, parent, index, language: canonicalLanguage(languageClass(code)) });
    });
    const loaded = new Set(highlighter.getLoadedLanguages());
    const missing = [...new Set(blocks.map((block) => block.language))].filter(
      (language): language is string =>
        language !== undefined && !loaded.has(language) && isKnownLanguage(highlighter, language),
    );
    if (missing.length > 0) await highlighter.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
    const available = new Set(highlighter.getLoadedLanguages());
    // Not only the languages loaded here: one loaded as another's dependency (PHP loads JSON, HTML
    // and SQL) was not missing, and went uncached (GitHub's JSON examples in the main thread: ~1 s).
    for (const language of new Set(blocks.map((block) => block.language)))
      if (language !== undefined && available.has(language)) cacheLineTokens(highlighter, language);
    for (const block of blocks) block.parent.children[block.index] = figureFor(highlighter, block, available, file);
  };
}

function figureFor(highlighter: Highlighter, block: Block, available: Set<string>, file: VFile): Element {
  const { code, language } = block;
  const rawMeta = (code.data as { meta?: string } | undefined)?.meta ?? undefined;
  const meta = parseCodeMeta(rawMeta);
  const { code: source, lines } = linesOf(block, rawMeta, file);
  const firstNumber = lineNumbersStart(block, meta.showLineNumbers, file);
  const { tokens } = highlighter.codeToTokens(source, {
    lang: (language && available.has(language) ? language : 'text') as BundledLanguage,
    theme: githubPaired.theme.name,
    // No time limit: Shiki's default (500 ms a line) leaves the rest of a line unhighlighted when
    // the machine is busy, so the same build gave different output under load.
    tokenizeTimeLimit: 0,
  });
  // The stylesheet counts lines from 1; another start is this block's own.
  const counter = firstNumber !== undefined && firstNumber !== 1 ? `counter-reset: line ${firstNumber - 1}` : undefined;
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: firstNumber === undefined ? ['shiki'] : ['shiki', 'line-numbers'], tabIndex: 0 },
    children: [ownRaw(codeHtml(tokens, new Set(lines), counter))],
  };
  const children: ElementContent[] = [];
  if (typeof meta.title === 'string') {
    children.push({
      type: 'element',
      tagName: 'figcaption',
      properties: { className: ['code-block__title'] },
      children: [{ type: 'text', value: meta.title }],
    });
  }
  children.push(pre, {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['code-block__copy'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
    children: [],
  });
  return {
    type: 'element',
    tagName: 'figure',
    properties: {
      className: ['code-block'],
      dataLanguage: language ?? 'text',
      ...(typeof meta.operation === 'string' ? { dataOperation: meta.operation } : {}),
    },
    children,
  };
}

/**
 * The code to show and the lines to highlight: a `{2,4-5}` range in the meta (Shiki's parser;
 * the code as written), else the highlight comments; a mistake in either is an error at its line.
 */
function linesOf({ pre, code, language }: Block, rawMeta: string | undefined, file: VFile): HighlightedCode {
  const source = toString(code).replace(/\n$/, '');
  const range = lineRangeOf(rawMeta);
  try {
    return range === undefined
      ? withoutMagicComments(source, language)
      : { code: source, lines: rangeLines(range, source.split('\n').length) };
  } catch (error) {
    if (!(error instanceof MagicCommentError)) throw error;
    throw errorInBlock(file, pre, error.line, error.column, error.message);
  }
}

/** The lines a `{2,4-5}` range names, each within the block's `lineCount` lines (a mistake: at the fence). */
function rangeLines(range: string, lineCount: number): number[] {
  const located = (message: string) => new MagicCommentError(message, 0, 1);
  // A backwards range (`{5-3}`) makes the parser ask Array.from for a negative length; `{,}` gives NaN.
  let lines: number[] | null = null;
  try {
    lines = parseMetaHighlightString(range);
  } catch {
    // Reported below.
  }
  if (!lines || lines.length === 0 || lines.some((line) => Number.isNaN(line)))
    throw located(`highlight range ${range} is malformed: write line numbers and ranges, like {2,4-5}`);
  const beyond = lines.find((line) => !(line >= 1 && line <= lineCount));
  if (beyond !== undefined) throw located(`highlighted line ${beyond} is outside this ${lineCount}-line block`);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The number of the first line with `showLineNumbers` (`=N` starts at N), or undefined without it. */
function lineNumbersStart(block: Block, value: string | true | undefined, file: VFile): number | undefined {
  if (value === undefined) return undefined;
  if (value === true) return 1;
  if (/^\d{1,9}$/.test(value)) return Number(value);
  throw errorInBlock(
    file,
    block.pre,
    0,
    1,
    `showLineNumbers=${value}: the first line's number must be a whole number, like showLineNumbers=5`,
  );
}

/** An error at a line of a fenced block (0: its opening fence), located in the page. */
function errorInBlock(file: VFile, pre: Element, line: number, column: number, message: string) {
  const start = pre.position?.start;
  const at = start && {
    start: { line: start.line + line, column: line === 0 ? start.column : start.column - 1 + column },
  };
  return errorAt(file, { position: at }, message);
}

function languageClass(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  return classes
    .map(String)
    .find((value) => value.startsWith('language-'))
    ?.slice('language-'.length);
}
