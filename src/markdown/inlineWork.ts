/**
 * `*`, `_` or `~` in one paragraph past this are refused. micromark matches emphasis by walking
 * back from every closer over the openers before it (resolveAllAttention, which calls resolveAll
 * again for each match), so a paragraph costs the square of its delimiter runs: `*a` × 10,000
 * takes 5.9 s, × 1,000 about 0.06 s. A long run is as costly, each match taking one or two of its
 * characters: `*` × 20,000 `a` `*` × 20,000 ran past 60 s. This site's busiest paragraph has
 * 135. It also bounds how deep emphasis can nest (500 levels, measured to render without
 * overflowing the stack).
 */
export const maxDelimiters = 1000;

/**
 * Markers × characters of one paragraph (or heading, or table cell) past this are refused.
 * Markers are what starts or ends an inline construct: `[`, `]`, `<`, a run of backticks, a run
 * of `*`, `_` or `~`. micromark's inline parse walks back over the paragraph from each `]` for
 * an opening (and again for a footnote call), and scans forward from each `<`, backtick run or
 * link destination for a close it may never find, so a paragraph costs up to its markers times
 * its length: `a]` × 32,500 (65 KB) took 8.4 s, `</` + `<!--` × 300,000 and `[ (](` × 40,000
 * over 30 s, about 4 ns per unit. At 10⁷ a paragraph parses within 0.05 s; this site's busiest
 * has 0.8 % of it (43 markers in 1,817 characters), and a table row or list item is a paragraph of its own.
 */
export const maxInlineWork = 10_000_000;

/** The same summed over the page: ten paragraphs at the limit, about 0.5 s of parsing; this site's busiest page has 0.2 %. */
export const maxPageInlineWork = 10 * maxInlineWork;

/**
 * Brackets open at once in a paragraph past this are refused. Each `]` closing a link or image
 * resolves its content again, so nesting costs the cube of its depth: `![` × 4,000 `a` `](u)` ×
 * 4,000 (24 KB) took 39 s. Real pages nest two deep (`[![badge](…)](…)`).
 */
export const maxBracketDepth = 32;

/**
 * Footnote references and definitions (`[^…`) in a page past this are refused: micromark
 * re-maps the document's events for each (micromark-util-edit-map's `consume`), so 2,000 notes
 * took 4.5 s and 4,000 took 45 s. A long reference page has a few hundred.
 */
export const maxFootnotes = 1000;

const marker = /\[\^|([*_~])\1*|`+|[[\]<]/g;

/** Makes the located error that refuses an input at a line and index. */
export type Refuse = (line: number, index: number, message: string) => Error;

/**
 * The inline parse's work as the page is scanned: the lines of one inline context (a paragraph,
 * a heading, a table row) are added one by one, and `close()` ends the context. Escaped markers
 * (`\[`) count as well, and code spans are not told apart: it may overcount, never undercount.
 */
export class InlineWork {
  private markers = 0;
  private length = 0;
  private depth = 0;
  private delimiters = 0;
  private page = 0;
  private footnotes = 0;

  constructor(private readonly refuse: Refuse) {}

  /** Adds `text`, which starts at `offset` of line `number`, to the open context. */
  line(text: string, number: number, offset: number): void {
    const before = this.length;
    for (const match of text.matchAll(marker)) {
      const at = offset + match.index;
      const found = match[0];
      if (found === '[^') this.footnote(number, at);
      // A run of `*`, `_` or `~` is as many delimiters as it has characters; a backtick run opens one code span.
      const delimiters = '*_~'.includes(found[0]) ? found.length : 0;
      this.markers += Math.max(1, delimiters);
      if (found[0] === '[') {
        if (++this.depth > maxBracketDepth) throw this.refuse(number, at, tooDeep);
      } else if (found === ']') {
        this.depth = Math.max(0, this.depth - 1);
      } else if ((this.delimiters += delimiters) > maxDelimiters) {
        throw this.refuse(number, at + found.length - (this.delimiters - maxDelimiters), tooManyDelimiters);
      }
      this.length = before + match.index + 1;
      this.check(number, at);
    }
    this.length = before + text.length + 1;
    this.check(number, offset + text.length);
  }

  /** Counts a footnote reference or definition (`[^`) at `at` of line `number`. */
  footnote(number: number, at: number): void {
    if (++this.footnotes > maxFootnotes) throw this.refuse(number, at, tooManyFootnotes);
  }

  close(): void {
    this.page += this.markers * this.length;
    this.markers = this.length = this.depth = this.delimiters = 0;
  }

  private check(number: number, at: number): void {
    const work = this.markers * this.length;
    if (work > maxInlineWork) throw this.refuse(number, at, tooMuchWork(this.markers, this.length));
    if (this.page + work > maxPageInlineWork) throw this.refuse(number, at, tooMuchPageWork);
  }
}

const bounded = 'which the parser cannot read in bounded time';
const tooManyDelimiters =
  `more than ${maxDelimiters} emphasis markers (* _ ~) in one paragraph, ${bounded}: split the paragraph, ` +
  'or escape them (\\*) or put them in `code`';
const tooDeep = `links or images nested more than ${maxBracketDepth} deep (brackets [ open at once), ${bounded}`;
const tooManyFootnotes = `more than ${maxFootnotes} footnote references and definitions in one page, ${bounded}: split the page`;
const tooMuchWork = (markers: number, length: number) =>
  `a paragraph of ${length} characters with ${markers} markers ([ ] < \` * _ ~), ${bounded} (markers × characters over ` +
  `${maxInlineWork.toLocaleString('en')}): split it with blank lines, or put it in a code block`;
const tooMuchPageWork =
  `the page's paragraphs hold more markers ([ ] < \` * _ ~) for their length than the parser can read in ` +
  `bounded time (markers × characters over ${maxPageInlineWork.toLocaleString('en')} in all): split the page`;
