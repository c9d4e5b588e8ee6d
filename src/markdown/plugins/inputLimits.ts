import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { DocsgenError, lineOf } from '../../errors.ts';
import { InlineWork } from '../inlineWork.ts';

/**
 * Blockquotes, list items and footnote definitions nested deeper than this are refused. Real
 * pages nest 3 to 5 deep. Past it the parser slows down steeply (mdast-util-from-markdown's
 * prepareList walks each list's events once per enclosing list: 300 indented levels take 5 s,
 * 500 take 39 s) and the HTML serialiser's recursion overflows the stack near 1,000 levels.
 */
export const maxContainerDepth = 32;

/**
 * A page longer than this (in UTF-16 code units, about 1 MB of text) is refused: the pipeline's
 * time and memory grow with the page, and a 10 MB line took 87 s and 3.2 GB. This site's longest
 * page is 31 KB; a million characters is about 150,000 words.
 */
export const maxPageLength = 1_000_000;

/**
 * A `:::` container holding another needs one colon more than it, so the longest fence bounds how
 * deep directives nest: 1,500 levels (2.2 MB of colons) took 325 s to parse. Past this many
 * colons a fence is refused, which keeps directive nesting within `maxContainerDepth` too.
 */
export const maxDirectiveFence = maxContainerDepth + 3;

const listMarker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
/** A footnote definition holds blocks too: `[^a]: [^b]: …` × 3,000 took 11 s to parse. */
const footnoteLabel = /^\[\^[^\]\s]+\]:/;
const thematicBreak = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const fenceOpening = /^(`{3,}|~{3,})/;
const longDirectiveFence = new RegExp(`^:{${maxDirectiveFence + 1},}`);
/** A fence that opens code (a backtick fence's info string holds no backtick), indented at most 3 columns. */
const codeFenceOpening = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
/** A GFM table's delimiter row, and what may end a table by starting another block instead of a row. */
const delimiterRow = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const blockStart = /^ {0,3}(?:[>#`~<]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|\[\^|:::)/;
const bulletItem = /^ {0,3}[-+*][ \t]+\S/;
const atxHeading = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * Refuses, before the parser sees it, input whose parsing time grows faster than the page: a
 * page too long, containers or links nested too deep, paragraphs whose inline markers cost too
 * much for their length (`inlineWork.ts`), too many footnotes; each with the `file:line:col` of
 * the first character past the limit. A line-by-line scan, far cheaper than the parse it guards,
 * that bounds shapes rather than listing known cases (cmark's pathological inputs are the test,
 * `tests/markdown/pathologicalInputs.test.ts`). The nesting count looks only at what reads as a
 * container marker outside code and thematic breaks, and may undercount lazy continuation lines.
 */
export function remarkInputLimits(this: Processor) {
  const parse = this.parser;
  if (!parse) throw new Error('remarkInputLimits must come after remark-parse');
  this.parser = (document: string, file: VFile) => {
    checkInputLimits(document, file.path);
    return parse(document, file);
  };
}

/** Refuses, at its line and column, Markdown the parser cannot read in bounded time (see the limits above). */
export function checkInputLimits(source: string, file: string): void {
  const refuse = (line: number, index: number, message: string) =>
    new DocsgenError(message, { file, line: line + 1, column: index + 1 }, lineOf(source, line + 1));
  /** Content columns of the list items open at the current line. */
  const openItems: number[] = [];
  if (source.length > maxPageLength) {
    const before = source.slice(0, maxPageLength);
    const line = before.split('\n').length - 1;
    throw refuse(
      line,
      maxPageLength - before.lastIndexOf('\n') - 1,
      `a page of more than ${maxPageLength.toLocaleString('en')} ` +
        'characters, which the pipeline cannot render in bounded time and memory: split it into pages',
    );
  }
  /** The open code fence, and the blockquotes it is in. */
  let fence: { marker: string; quotes: number } | undefined;
  let previousBlank = true;
  const inline = new InlineWork(refuse);
  /** Inline contexts are told apart only where the parser is sure to agree (see `inlineContext`). */
  let context: InlineContext = { codeFence: undefined, table: false, delimiterRow: -1 };
  const lines = source.split('\n');
  for (const [number, line] of lines.entries()) {
    let index = 0;
    let quotes = 0;
    let markers = 0;
    /** Where the innermost container's content starts: 4 columns past it, a line is code. */
    let base = openItems.at(-1) ?? 0;
    for (;;) {
      const start = index + /^[ \t]*/.exec(line.slice(index))![0].length;
      const column = columnAt(line, start);
      const rest = line.slice(start);
      if (column - base >= 4) break;
      if (rest.startsWith('>') && (fence === undefined || quotes < fence.quotes)) {
        quotes++;
        index = start + 1;
        base = column + 1;
      } else {
        const marker = listMarker.exec(rest)?.[0];
        const footnote = footnoteLabel.exec(rest)?.[0];
        if ((marker ?? footnote) === undefined || fence !== undefined || thematicBreak.test(rest)) break;
        while (openItems.length > 0 && openItems.at(-1)! > column) openItems.pop();
        // A footnote's blocks continue at 4 columns in; a list item's after its marker and a space.
        base = marker !== undefined ? column + marker.length + 1 : column + 4;
        openItems.push(base);
        markers++;
        if (footnote !== undefined) inline.footnote(number, start);
        index = start + (marker ?? footnote)!.length;
      }
      if (quotes + openItems.length > maxContainerDepth) {
        throw refuse(number, start, `blockquotes, lists and footnotes nested more than ${maxContainerDepth} deep`);
      }
    }
    const text = line.slice(index).trim();
    const blank = text === '';
    if (fence !== undefined) {
      if (text.startsWith(fence.marker) && new Set(text).size === 1) fence = undefined;
    } else if (!blank) {
      if (markers === 0 && previousBlank) {
        const column = columnAt(line, line.length - line.slice(index).trimStart().length);
        while (openItems.length > 0 && openItems.at(-1)! > column) openItems.pop();
      }
      const opening = fenceOpening.exec(text)?.[1];
      if (opening !== undefined) fence = { marker: opening, quotes };
      else if (longDirectiveFence.test(text)) {
        const column = line.length - line.slice(index).trimStart().length;
        throw refuse(
          number,
          column,
          `a ::: fence of more than ${maxDirectiveFence} colons nests directives deeper than ` +
            `${maxContainerDepth} levels, which the parser cannot read in bounded time`,
        );
      }
    }
    context = countInlineWork(inline, context, {
      lines,
      number,
      index,
      blank,
      previousBlank,
      topLevel: quotes === 0 && openItems.length === 0,
    });
    previousBlank = blank;
  }
}

interface InlineContext {
  /** The top-level code fence open (its marker), whose lines the inline parser never reads. */
  codeFence: string | undefined;
  /** In a top-level table, each row's cells are inline contexts of their own. */
  table: boolean;
  /** The line of the table's delimiter row, which holds no inline content. */
  delimiterRow: number;
}

interface ScannedLine {
  lines: string[];
  number: number;
  /** Where the line's content starts, past its container markers. */
  index: number;
  blank: boolean;
  previousBlank: boolean;
  /** Whether the line opens no container and is in none: only there are fences and tables told apart. */
  topLevel: boolean;
}

/**
 * Adds a line to the inline work, and works out the inline context the next line is in. A
 * context ends where the parser is sure to end it too: at a blank line, an ATX heading, a bullet
 * item with text, a row of a top-level table; fenced code is left out only at top level, where
 * nothing but its closing fence ends it. Elsewhere lines run on in one context, which may overcount
 * (the work of a long list or a table in a list item) but never undercounts what the parser does.
 */
function countInlineWork(
  inline: InlineWork,
  context: InlineContext,
  { lines, number, index, blank, previousBlank, topLevel }: ScannedLine,
): InlineContext {
  const line = lines[number];
  if (context.codeFence !== undefined) {
    const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)?.[1];
    const closes =
      closing !== undefined && closing[0] === context.codeFence[0] && closing.length >= context.codeFence.length;
    return closes ? { ...context, codeFence: undefined } : context;
  }
  if (blank) {
    inline.close();
    return { ...context, table: false };
  }
  if (number === context.delimiterRow) return context;
  const opening = topLevel ? codeFenceOpening.exec(line)?.[1] : undefined;
  if (opening !== undefined) {
    inline.close();
    return { ...context, codeFence: opening, table: false };
  }
  const row = context.table && line.includes('|') && !blockStart.test(line);
  const tableStart = !context.table && topLevel && previousBlank && startsTable(line, lines[number + 1]);
  if (row || tableStart || (context.table && !row) || atxHeading.test(line) || bulletItem.test(line)) inline.close();
  inline.line(line.slice(index), number, index);
  if (row || tableStart || atxHeading.test(line)) inline.close();
  return { ...context, table: row || tableStart, delimiterRow: tableStart ? number + 1 : context.delimiterRow };
}

/** Whether `header` and the line after it open a GFM table: a delimiter row with as many cells. */
function startsTable(header: string, next: string | undefined): boolean {
  if (next === undefined || !header.includes('|') || !next.includes('|') || /\\/.test(header + next)) return false;
  if (!/^ {0,3}\S/.test(header) || blockStart.test(header) || !delimiterRow.test(next)) return false;
  const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').length;
  return cells(header) === cells(next);
}

/** The visual column of `index` in `line`, a tab advancing to the next multiple of 4 as CommonMark counts. */
function columnAt(line: string, index: number): number {
  let column = 0;
  for (let i = 0; i < index; i++) column = line[i] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}
