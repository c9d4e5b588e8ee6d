import type { Processor } from 'unified';
import type { Construct, State, TokenizeContext } from 'micromark-util-types';

type Constructs = Record<string, Construct | Construct[] | undefined>;

/**
 * GFM's email autolink literal (`a@b.example`) is tried at the start of every word of text: the
 * tokenizer enters its tokens and reads the whole word before it finds that no `@` follows. On
 * the varied bench corpus that was a tenth of what the parser allocates, for pages without an
 * `@`. An email literal lies on one line and holds an `@`, so where the rest of the line has
 * none the attempt is refused before it reads anything: the same tokens, less work. Comes after
 * remark-gfm (whose email construct it wraps) and wraps the parser to index each document's `@`s.
 */
export function remarkEmailAutolinkGate(this: Processor) {
  const parse = this.parser;
  if (!parse) throw new Error('remarkEmailAutolinkGate must come after remark-parse');
  /** Offsets of the document's `@`s, and where the line of each starts. */
  let ats: number[] = [];
  let lineStarts: number[] = [];
  this.parser = (document, file) => {
    ats = [];
    lineStarts = [];
    for (let at = document.indexOf('@'); at !== -1; at = document.indexOf('@', at + 1)) {
      ats.push(at);
      lineStarts.push(document.lastIndexOf('\n', at) + 1);
    }
    return parse(document, file);
  };
  /** Whether an `@` follows `offset` on its line. */
  const atAhead = (offset: number) => {
    let low = 0;
    let high = ats.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ats[middle] < offset) low = middle + 1;
      else high = middle;
    }
    return low < ats.length && lineStarts[low] <= offset;
  };
  const gate = (email: Construct): Construct => ({
    ...email,
    tokenize(effects, ok, nok) {
      const context: TokenizeContext = this;
      return function start(code): State | undefined {
        return atAhead(context.now().offset) ? email.tokenize.call(context, effects, ok, nok)(code) : nok(code);
      };
    },
  });
  const extensions = (this.data().micromarkExtensions ?? []).flat() as { text?: Constructs }[];
  let gated: Construct | undefined;
  for (const text of extensions.map((extension) => extension.text).filter((text) => text !== undefined)) {
    for (const [code, entry] of Object.entries(text)) {
      const list = Array.isArray(entry) ? entry : entry ? [entry] : [];
      const email = list.find((construct) => construct.name === 'emailAutolink');
      if (!email) continue;
      gated ??= gate(email);
      const replaced = list.map((construct) => (construct === email ? gated! : construct));
      text[code] = Array.isArray(entry) ? replaced : replaced[0];
    }
  }
  if (!gated) throw new Error('remarkEmailAutolinkGate must come after remark-gfm');
}
