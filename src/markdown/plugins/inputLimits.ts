import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { DocsgenError, lineOf } from '../../errors.ts';

/**
 * Blockquotes, list items and footnote definitions nested deeper than this are refused. Real
 * pages nest 3 to 5 deep. Past it the parser slows down steeply (mdast-util-from-markdown's
 * prepareList walks each list's events once per enclosing list: 300 indented levels take 5 s,
 * 500 take 39 s) and the HTML serialiser's recursion overflows the stack near 1,000 levels.
 */
export const maxContainerDepth = 32;

/**
 * Runs of `*`, `_` or `~` in one paragraph past this are refused. micromark matches emphasis by
 * walking back from every closer over the openers before it (resolveAllAttention, which calls
 * resolveAll again for each match), so a paragraph costs the square of its delimiter runs:
 * `*a` × 10,000 takes 5.9 s, × 1,000 about 0.06 s. This site's busiest paragraph has 135; a
 * long table or list without blank lines counts as one paragraph here. It also bounds how deep
 * emphasis can nest (500 levels, measured to render without overflowing the stack).
 */
export const maxDelimiterRuns = 1000;

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
const delimiterRun = /(?<!\\)([*_~])\1*/g;
const tooManyDelimiters = `more than ${maxDelimiterRuns} runs of * _ ~ in one paragraph, which the parser cannot read in `
  + 'bounded time: split the paragraph, or escape them (\\*) or put them in `code`';

/**
 * Refuses, before the parser sees it, input whose parsing time grows without bound: containers
 * nested too deep and paragraphs with too many emphasis delimiters, each with the `file:line:col`
 * of the first marker past the limit. A line-by-line scan, far cheaper than the parse it guards:
 * it counts only what reads as a container marker outside code (fenced or indented) and
 * thematic breaks, and may undercount lazy continuation lines.
 */
export function remarkInputLimits(this: Processor) {
  const parse = this.parser;
  if (!parse) throw new Error('remarkInputLimits must come after remark-parse');
  this.parser = (document: string, file: VFile) => {
    checkInputLimits(document, file.path);
    return parse(document, file);
  };
}

export function checkInputLimits(source: string, file: string): void {
  const refuse = (line: number, index: number, message: string) =>
    new DocsgenError(message, { file, line: line + 1, column: index + 1 }, lineOf(source, line + 1));
  /** Content columns of the list items open at the current line. */
  const openItems: number[] = [];
  /** The open code fence, and the blockquotes it is in. */
  let fence: { marker: string; quotes: number } | undefined;
  let previousBlank = false;
  let delimiterRuns = 0;
  for (const [number, line] of source.split('\n').entries()) {
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
    } else if (blank) {
      delimiterRuns = 0;
    } else {
      if (markers === 0 && previousBlank) {
        const column = columnAt(line, line.length - line.slice(index).trimStart().length);
        while (openItems.length > 0 && openItems.at(-1)! > column) openItems.pop();
      }
      const opening = fenceOpening.exec(text)?.[1];
      if (opening !== undefined) fence = { marker: opening, quotes };
      else if (longDirectiveFence.test(text)) {
        const column = line.length - line.slice(index).trimStart().length;
        throw refuse(number, column, `a ::: fence of more than ${maxDirectiveFence} colons nests directives deeper than `
          + `${maxContainerDepth} levels, which the parser cannot read in bounded time`);
      } else {
        for (const run of line.slice(index).matchAll(delimiterRun)) {
          if (++delimiterRuns > maxDelimiterRuns) throw refuse(number, index + run.index, tooManyDelimiters);
        }
      }
    }
    previousBlank = blank;
  }
}

/** The visual column of `index` in `line`, a tab advancing to the next multiple of 4 as CommonMark counts. */
function columnAt(line: string, index: number): number {
  let column = 0;
  for (let i = 0; i < index; i++) column = line[i] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}
