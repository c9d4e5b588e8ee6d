import type { Processor } from 'unified';
import type { Code, Construct, ConstructRecord, Event, Extension, TokenizeContext } from 'micromark-util-types';

/** Which lines of the page being parsed could hold a GFM email literal or a table's delimiter row (1-based). */
interface PageLines {
  withAt: Set<number>;
  delimiterRows: Set<number>;
}

/**
 * A line that could be a table's delimiter row, container prefixes (`>`, indents, list markers)
 * included: only those characters and `|`, `:` and `-`, with a `-`, and a `|` or `:` (micromark
 * refuses a delimiter row with neither: that is a thematic break or a setext underline).
 */
const delimiterRowCharacters = /^[ \t>|:*+.)0-9-]*$/;

function pageLines(document: string): PageLines {
  const lines: PageLines = { withAt: new Set(), delimiterRows: new Set() };
  if (!document.includes('@') && !document.includes('-')) return lines;
  // micromark's own line endings, so that these numbers are its `now().line`.
  document.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.includes('@')) lines.withAt.add(index + 1);
    if (line.includes('-') && /[|:]/.test(line) && delimiterRowCharacters.test(line))
      lines.delimiterRows.add(index + 1);
  });
  return lines;
}

/**
 * Two GFM constructs that micromark tries everywhere, refused where they cannot match. The email
 * literal (`a@b.example`) is tried at the start of every word of text, and its `previous` check
 * makes the text tokenizer stop there, close its data and try it: on the varied bench corpus,
 * whose pages hold no `@`, that was most of what the GFM autolinks cost the parser. An email
 * literal lies on one line and holds an `@`, so on a line without one it neither stops the text
 * nor is tried. A table is tried at the start of every block, reading its first line as a head
 * row before it finds that the next line is no delimiter row; a row after a table's head or rows
 * is the table going on. So a table is tried only where the next line could be a delimiter row,
 * or where it would go on. Each refusal is of an attempt that would fail, so the tokens are the
 * same (tested against remark-gfm alone, positions included). Comes after remark-gfm.
 */
export function remarkSyntaxGates(this: Processor) {
  const parse = this.parser;
  if (!parse) throw new Error('remarkSyntaxGates must come after remark-parse');
  // Outside this parser (no page indexed), nothing is refused.
  let lines: PageLines | undefined;
  this.parser = (document, file) => {
    lines = pageLines(document);
    try {
      return parse(document, file);
    } finally {
      lines = undefined;
    }
  };

  const atOnLine = (context: TokenizeContext) =>
    !lines || (lines.withAt.size > 0 && lines.withAt.has(context.now().line));
  const gateEmail = (email: Construct): Construct => ({
    ...email,
    previous(code) {
      return email.previous!.call(this, code) && atOnLine(this);
    },
    tokenize(effects, ok, nok) {
      return (code: Code) => (atOnLine(this) ? email.tokenize.call(this, effects, ok, nok)(code) : nok(code));
    },
  });
  const gateTable = (table: Construct): Construct => ({
    ...table,
    tokenize(effects, ok, nok) {
      const mayStart = () => !lines || lines.delimiterRows.has(this.now().line + 1) || continuesTable(this.events);
      return (code: Code) => (mayStart() ? table.tokenize.call(this, effects, ok, nok)(code) : nok(code));
    },
  });

  const extensions = (this.data().micromarkExtensions ?? []).flat() as Extension[];
  const gated = replaceConstructs(extensions, 'text', 'emailAutolink', gateEmail);
  const tables = replaceConstructs(extensions, 'flow', 'table', gateTable);
  if (!gated || !tables) throw new Error('remarkSyntaxGates must come after remark-gfm');
}

/** Whether the last thing tokenized, line endings and indents aside, is a table's head or row (as the table's own start reads it). */
function continuesTable(events: Event[]): boolean {
  let index = events.length - 1;
  while (index > -1 && (events[index][1].type === 'lineEnding' || events[index][1].type === 'linePrefix')) index--;
  const tail: string | undefined = index > -1 ? events[index][1].type : undefined;
  return tail === 'tableHead' || tail === 'tableRow';
}

/** Replaces the construct named `name` in the extensions' records of one content type; whether one was found. */
function replaceConstructs(
  extensions: Extension[],
  contentType: 'text' | 'flow',
  name: string,
  gate: (construct: Construct) => Construct,
): boolean {
  const gatedByOriginal = new Map<Construct, Construct>();
  for (const record of extensions.map((extension) => extension[contentType]).filter(Boolean) as ConstructRecord[]) {
    for (const [code, entry] of Object.entries(record)) {
      const list = Array.isArray(entry) ? entry : entry ? [entry] : [];
      const original = list.find((construct) => construct.name === name);
      if (!original) continue;
      let gated = gatedByOriginal.get(original);
      if (!gated) gatedByOriginal.set(original, (gated = gate(original)));
      const replaced = list.map((construct) => (construct === original ? gated : construct));
      record[code] = Array.isArray(entry) ? replaced : replaced[0];
    }
  }
  return gatedByOriginal.size > 0;
}
