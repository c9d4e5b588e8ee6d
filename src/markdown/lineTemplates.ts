import { BoundedMap } from '../cache/boundedMap.ts';

/** vscode-textmate's `tokenizeLine2` answer: [start, metadata] pairs, and the state after the line. */
export interface LineResult<State> {
  tokens: Uint32Array;
  ruleStack: State;
}

/** vscode-textmate's `tokenizeLine` token: a stretch of the line and the scopes open over it, innermost last. */
export interface ScopedToken {
  startIndex: number;
  endIndex: number;
  scopes: string[];
}

/** Lines' shapes kept per grammar, with their templates (or why they have none). */
const maxShapes = 20_000;

/**
 * Holes holding this many characters make a template of their shape at first sight. A grammar may
 * take time that grows faster than the line: JavaScript's, on a string inside an object literal
 * (GitHub's attestation sample, a 4,733-character base64 string: about 1 s for that one line,
 * under a millisecond by its template).
 */
const longHoles = 256;

/**
 * What may be filled in: the text of a string quoted on the line (no backslash, and something
 * besides spaces), an integer, or a URL written bare (a shell's argument). Each is a hole only
 * where the template shows it to be the whole of one token of a kind listed below.
 */
const holeCandidates =
  /'([^'\\]*[^'\\\s][^'\\]*)'|"([^"\\]*[^"\\\s][^"\\]*)"|\b([1-9][0-9]{0,8})\b|(https?:\/\/[^\s'"`\\]+)/g;

/** The placeholder a hole holds in the template: a URL's, a number's, or any other text's. */
const placeholderFor = (value: string, kind: number) =>
  kind === 2 ? '1' : /^https?:\/\//.test(value) ? 'https://x' : 'x';

/**
 * Plain text in a string: ASCII letters, digits, spaces and punctuation that ends no string and
 * starts no escape, interpolation or format field; with braces or `#` where a grammar reads none.
 */
const text = /^[A-Za-z0-9 ,.:;/?=&@!()+*_~[\]-]+$/;
const textWithBraces = /^[A-Za-z0-9 ,.:;/?=&@!()+*_~[\]{}-]+$/;
const textWithBracesAndHash = /^[A-Za-z0-9 ,.:;/?=&@!()+*_~[\]{}#-]+$/;
/** PHP reads a string that opens with an SQL keyword as SQL; one that opens with `/` may be a regular expression. */
const phpText =
  /^(?!\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|REPLACE|ALTER|AND|WITH)\b)(?!\/)[A-Za-z0-9 ,.:;/?=&@!()+*_~[\]{}#-]+$/i;
const integer = /^[1-9][0-9]{0,8}$/;
/** A Python format field naming an argument (`{owner}`): one token, whatever the name. */
const formatField = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * The tokens whose whole text a hole may be, and what it may be made of there: text each of
 * these tokens shows alike, whatever it says, since the grammar's rules inside it react only to
 * characters left out (the closing quote, `\` escapes, Ruby's `#{`, Go's and Python's `%`,
 * Python's `{id}` format fields, C#'s interpolations, a shell's `$`), and no rule that opens it
 * looks at what it says but PHP's (SQL and regular expressions). An unquoted shell word also
 * stops at `?`, `&`, `=`, `~` and braces. Checked for each grammar by
 * tests/markdown/lineTemplates.test.ts.
 */
const fillable = new Map<string, RegExp>([
  ['string.unquoted.argument.shell', /^[A-Za-z0-9/:._-]+$/],
  ['string.quoted.single.python', text],
  ['string.quoted.docstring.single.python', text],
  ['string.quoted.double.interpolated.ruby', textWithBraces],
  ['string.quoted.single.php', phpText],
  // C#'s interpolated strings ($"…{id}…") are scoped as its plain ones.
  ['string.quoted.double.cs', text],
  ...[
    'string.quoted.single.shell',
    'string.quoted.single.js',
    'string.quoted.double.go',
    'string.quoted.double.java',
    'string.quoted.double.json',
    'support.type.property-name.json',
  ].map((scope): [string, RegExp] => [scope, textWithBracesAndHash]),
  ...[
    'constant.numeric.json',
    'constant.numeric.decimal.js',
    'constant.numeric.dec.python',
    'constant.numeric.decimal.php',
  ].map((scope): [string, RegExp] => [scope, integer]),
  ['constant.character.format.placeholder.other.python', formatField],
]);

/**
 * Tokens a hole may also sit inside: a shell's single-quoted string (curl's `--data '{…}'`, whose
 * lines are its text) comes from rules with no rule inside but the closing quote.
 */
const opaque = new Map([['string.quoted.single.shell', textWithBracesAndHash]]);

/** Python reads `{name}` in any string as a format field: there, a string's text is cut around its fields. */
const formatFields = /(\{[A-Za-z_][A-Za-z0-9_]*\})/;
const readsFormatFields = new Set(['python']);

interface Hole {
  /** Where its placeholder stands in the template line, and how long it is. */
  start: number;
  length: number;
  /** What may be filled in there. */
  fits: RegExp;
}

interface Template<State> {
  result: LineResult<State>;
  holes: Hole[];
}

/**
 * Tokenizes a line by its template: the line with the text of its strings, its numbers and its
 * URLs replaced by placeholders, tokenized once per state and reused for every line of that
 * shape (a request sample's URL line, a body's `name: '…'`, an example's `"login": "…"`: GitHub's
 * 1,223 operations have thousands of such lines, nearly all distinct, in far fewer shapes). A
 * template is used only where each placeholder is the whole text of one token of a kind listed
 * above and what fills it is made of that kind's characters: the line then tokenizes as the
 * template does, each token after a hole moved by the difference in length. A shape is made a
 * template the second time it is met (a line alone in its shape costs nothing more), or the first
 * when its holes are long (`longHoles`). A Python string is cut around its `{name}` format fields,
 * each field a hole of its own. Text that does not fit where it stands is left in the shape as
 * written. Anything else answers undefined, and the line is tokenized as it is.
 */
export function lineTemplates<State>(
  language: string,
  tokenize: (line: string, state: State | null) => LineResult<State>,
  scopesOf: (line: string, state: State | null) => ScopedToken[],
): (line: string, state: State | null, stateName: number) => LineResult<State> | undefined {
  const shapes = new BoundedMap<string, Template<State> | 'seen' | 'none'>(maxShapes);
  const cutsFields = readsFormatFields.has(language);
  /** The line by the template of its shape with these holes: its tokens, undefined, or the holes whose text does not fit. */
  const byShape = (
    line: string,
    candidates: Candidate[],
    state: State | null,
    stateName: number,
  ): LineResult<State> | undefined | Candidate[] => {
    let shape = '';
    let end = 0;
    const starts: number[] = [];
    for (const { start, value, placeholder } of candidates) {
      shape += line.slice(end, start);
      starts.push(shape.length);
      shape += placeholder;
      end = start + value.length;
    }
    shape += line.slice(end);
    const key = `${stateName}\u0000${shape}`;
    let template = shapes.get(key);
    if (template === undefined && line.length - shape.length < longHoles) {
      shapes.set(key, 'seen');
      return undefined;
    }
    if (template === undefined || template === 'seen') {
      const placeholders = candidates.map(({ placeholder }) => placeholder);
      template = templateOf(starts, placeholders, tokenize(shape, state), scopesOf(shape, state)) ?? 'none';
      shapes.set(key, template);
    }
    if (template === 'none') return undefined;
    const { holes } = template;
    const unfit = candidates.filter(({ value }, index) => !holes[index].fits.test(value));
    if (unfit.length > 0) return unfit;
    return { ...template.result, tokens: filled(template, candidates) };
  };
  return (line, state, stateName) => {
    const candidates = candidatesIn(line, cutsFields);
    if (candidates.length === 0) return undefined;
    const result = byShape(line, candidates, state, stateName);
    if (!Array.isArray(result)) return result;
    // Text that does not fit its hole (PHP reads a string that opens with DELETE as SQL) is kept as
    // written, in a shape of its own: GitHub's 187 PHP samples of a DELETE request share one.
    const fitting = candidates.filter((candidate) => !result.includes(candidate));
    const again = fitting.length > 0 ? byShape(line, fitting, state, stateName) : undefined;
    return Array.isArray(again) ? undefined : again;
  };
}

/** A stretch of a line that may be a hole: where it starts, what it says, and the placeholder that stands for it. */
interface Candidate {
  start: number;
  value: string;
  placeholder: string;
}

/** The line's strings' text, integers and bare URLs, in order; a Python string cut around its format fields. */
function candidatesIn(line: string, cutsFields: boolean): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of line.matchAll(holeCandidates)) {
    // 0: '…', 1: "…" (the hole is inside the quotes), 2: an integer, 3: a bare URL.
    const kind = match.findIndex((group, index) => index > 0 && group !== undefined) - 1;
    const value = match[kind + 1];
    const start = match.index + (kind < 2 ? 1 : 0);
    if (kind < 2 && cutsFields && formatFields.test(value)) {
      let at = start;
      for (const part of value.split(formatFields)) {
        const placeholder = formatField.test(part) ? '{x}' : placeholderFor(part, kind);
        if (part !== '') candidates.push({ start: at, value: part, placeholder });
        at += part.length;
      }
    } else candidates.push({ start, value, placeholder: placeholderFor(value, kind) });
  }
  return candidates;
}

function templateOf<State>(
  starts: number[],
  placeholders: string[],
  result: LineResult<State>,
  scoped: ScopedToken[],
): Template<State> | undefined {
  const holes: Hole[] = [];
  for (const [index, start] of starts.entries()) {
    const end = start + placeholders[index].length;
    const token = scoped.find((candidate) => candidate.startIndex <= start && end <= candidate.endIndex);
    const scope = token?.scopes[token.scopes.length - 1] ?? '';
    const whole = token?.startIndex === start && token.endIndex === end;
    const fits = whole ? fillable.get(scope) : opaque.get(scope);
    if (!fits?.test(placeholders[index])) return undefined;
    // Tokens of the same colours are joined: none may start inside the placeholder.
    for (let i = 0; i < result.tokens.length; i += 2)
      if (result.tokens[i] > start && result.tokens[i] < end) return undefined;
    holes.push({ start, length: placeholders[index].length, fits });
  }
  return { result, holes };
}

/** The template's tokens with every token after a hole moved by that hole's difference in length. */
function filled<State>({ result, holes }: Template<State>, values: readonly { value: string }[]): Uint32Array {
  const tokens = result.tokens.slice();
  for (let i = 0; i < tokens.length; i += 2) {
    const start = result.tokens[i];
    let moved = start;
    for (const [index, hole] of holes.entries())
      if (start >= hole.start + hole.length) moved += values[index].value.length - hole.length;
    tokens[i] = moved;
  }
  return tokens;
}
