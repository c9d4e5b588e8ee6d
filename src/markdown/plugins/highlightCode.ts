import type { Root, Element, ElementContent } from 'hast';
import type { BundledLanguage, Highlighter } from 'shiki';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { toString } from 'hast-util-to-string';
import { parseMetaHighlightString } from '@shikijs/transformers';
import { parseCodeMeta } from '../codeMeta.ts';
import { errorAt, markdownData } from '../context.ts';
import { lineRangeOf, MagicCommentError, withoutMagicComments, type HighlightedCode } from '../magicComments.ts';
import { canonicalLanguage, embedsOnDemand, isKnownLanguage } from '../highlighter.ts';
import { cacheLineTokens } from '../lineTokenCache.ts';
import { ownRaw } from './ownRawHtml.ts';
import { hashOf } from '../../cache/renderCache.ts';

/** The plugin's options: the highlighter, or what loads it (once per thread) for the first block not kept. */
export interface HighlightOptions {
  highlighter: Highlighter | (() => Promise<Highlighter>);
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
export function rehypeHighlightCode({ highlighter: given }: HighlightOptions) {
  const load = typeof given === 'function' ? given : async () => given;
  return async (tree: Root, file: VFile) => {
    const blocks: Block[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ pre: node, code, parent, index, language: canonicalLanguage(languageClass(code)) });
    });
    if (blocks.length === 0) return;
    // A mistake in a block's lines or numbering is reported before anything is highlighted.
    const data = markdownData(file);
    const kept = data.context.keptCode;
    const prepared = blocks.map((block) => prepare(block, file, kept !== undefined));
    // Blocks the page showed before, by everything their HTML is made from: a page edited in its
    // prose (the CI case) loads neither Shiki nor a grammar.
    const html = prepared.map(({ key }) => kept?.get(key));
    const fresh = prepared.filter((_, index) => html[index] === undefined);
    if (fresh.length > 0) {
      const highlighted = await highlight(load, fresh);
      prepared.forEach((block, index) => (html[index] ??= highlighted.get(block)));
    }
    // What the next build of this page may take back (src/pages/keptCode.ts).
    if (kept) data.codeBlocks = prepared.map(({ key }, index) => ({ key, html: html[index]! }));
    prepared.forEach((block, index) => {
      block.block.parent.children[block.block.index] = figureFor(block, html[index]!);
    });
  };
}

/** A block ready to highlight: its code, lines and numbering, and the key its HTML is kept by ('' when not kept). */
interface Prepared extends HighlightedCode {
  block: Block;
  meta: ReturnType<typeof parseCodeMeta>;
  firstNumber?: number;
  counter?: string;
  key: string;
}

function prepare(block: Block, file: VFile, keyed: boolean): Prepared {
  const rawMeta = (block.code.data as { meta?: string } | undefined)?.meta ?? undefined;
  const meta = parseCodeMeta(rawMeta);
  const { code, lines } = linesOf(block, rawMeta, file);
  const firstNumber = lineNumbersStart(block, meta.showLineNumbers, file);
  // The stylesheet counts lines from 1; another start is this block's own.
  const counter = firstNumber !== undefined && firstNumber !== 1 ? `counter-reset: line ${firstNumber - 1}` : undefined;
  // Worked out only for a page whose blocks are kept (a docs page; not the API reference's fragments).
  const key = keyed ? hashOf('code', block.language ?? '', code, lines.join(','), counter ?? '') : '';
  return { block, meta, code, lines, firstNumber, counter, key };
}

/**
 * What writes a block's HTML from Shiki's tokens (codeHtml.ts, which needs Shiki's core, and the
 * themes), imported once per thread with the highlighter, by the first block highlighted: a build
 * whose blocks are all taken back (the CI case: one page edited in its prose) loads none of Shiki.
 */
let htmlWriter: Promise<[typeof import('../codeHtml.ts'), typeof import('../pairedTheme.ts')]> | undefined;

/**
 * The blocks' `<code>` HTML: each language loaded on first use (one that embeds others, without
 * them until a block enters one: embeddedGrammars.ts), its lines' tokens cached (lineTokenCache.ts).
 */
async function highlight(load: () => Promise<Highlighter>, blocks: Prepared[]): Promise<Map<Prepared, string>> {
  htmlWriter ??= Promise.all([import('../codeHtml.ts'), import('../pairedTheme.ts')]);
  const [highlighter, [{ codeHtml }, { githubPaired }]] = await Promise.all([load(), htmlWriter]);
  const theme = githubPaired.theme.name;
  const html = new Map<Prepared, string>();
  const languages = new Set(blocks.map(({ block }) => block.language));
  const embeds = embedsOnDemand(highlighter);
  if (embeds) {
    const lean = await Promise.all(
      [...languages].map(async (language) =>
        language !== undefined && (await embeds.load(highlighter, language)) ? language : undefined,
      ),
    );
    const leanHighlighter = lean.some((language) => language !== undefined) ? await embeds.highlighter() : undefined;
    for (const prepared of blocks) {
      const { language } = prepared.block;
      if (!leanHighlighter || language === undefined || !lean.includes(language)) continue;
      const tokens = embeds.tokens(leanHighlighter, prepared.code, language, theme);
      if (tokens) html.set(prepared, codeHtml(tokens, new Set(prepared.lines), prepared.counter));
    }
  }
  const rest = blocks.filter((prepared) => !html.has(prepared));
  if (rest.length === 0) return html;
  const restLanguages = new Set(rest.map(({ block }) => block.language));
  const loaded = new Set(highlighter.getLoadedLanguages());
  const missing = [...restLanguages].filter(
    (language): language is string =>
      language !== undefined && !loaded.has(language) && isKnownLanguage(highlighter, language),
  );
  if (missing.length > 0) await highlighter.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
  const available = new Set(highlighter.getLoadedLanguages());
  // Not only the languages loaded here: one loaded as another's dependency (PHP loads JSON, HTML
  // and SQL) was not missing, and went uncached (GitHub's JSON examples in the main thread: ~1 s).
  for (const language of restLanguages)
    if (language !== undefined && available.has(language)) cacheLineTokens(highlighter, language);
  for (const prepared of rest) {
    const { language } = prepared.block;
    const { tokens } = highlighter.codeToTokens(prepared.code, {
      lang: (language && available.has(language) ? language : 'text') as BundledLanguage,
      theme,
      // No time limit: Shiki's default (500 ms a line) leaves the rest of a line unhighlighted when
      // the machine is busy, so the same build gave different output under load.
      tokenizeTimeLimit: 0,
    });
    html.set(prepared, codeHtml(tokens, new Set(prepared.lines), prepared.counter));
  }
  return html;
}

function figureFor({ block, meta, firstNumber }: Prepared, html: string): Element {
  const { language } = block;
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: firstNumber === undefined ? ['shiki'] : ['shiki', 'line-numbers'], tabIndex: 0 },
    children: [ownRaw(html)],
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
