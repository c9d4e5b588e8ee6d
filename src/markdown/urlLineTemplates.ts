import { LRUCache } from 'lru-cache';

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

/** Lines' shapes kept per grammar, with their verdicts. */
const maxTemplates = 10_000;

/** A URL as a line writes it; whatever ends the run (a quote, a space, a backslash) stays in the template. */
const urlRun = /https?:\/\/[^\s'"`\\]*/g;

/** What a URL that may be filled in is made of: no quote, escape, `$`, `#`, `%`, space or non-ASCII. */
const urlText = /^[A-Za-z0-9/:._~?=&{}-]+$/;

/**
 * The same without braces, which Python's strings read as format fields (`{id}`) in a call's
 * arguments, and C#'s interpolated strings (`$"…{id}…"`, scoped as its plain ones) as interpolations.
 */
const urlTextWithoutBraces = /^[A-Za-z0-9/:._~?=&-]+$/;

/**
 * The string tokens whose whole text a URL of these characters may be, and tokenize alike for
 * every such text: the grammars' rules inside them react only to characters outside the set (the
 * closing quote, `\` escapes, Ruby's `#{`, Go's `%v`, a shell's `$`). Checked for each grammar by
 * tests/markdown/urlLineTemplates.test.ts. An unquoted shell word also stops at `?`, `&`, `=`, `~`
 * and braces (globs, operators, expansions), so it takes fewer.
 */
const fillableText = new Map<string, RegExp>([
  ['string.unquoted.argument.shell', /^[A-Za-z0-9/:._-]+$/],
  ['string.quoted.single.python', urlTextWithoutBraces],
  ['string.quoted.docstring.single.python', urlTextWithoutBraces],
  ['string.quoted.double.cs', urlTextWithoutBraces],
  ...[
    'string.quoted.single.shell',
    'string.quoted.single.js',
    'string.quoted.single.php',
    'string.quoted.double.go',
    'string.quoted.double.java',
    'string.quoted.double.interpolated.ruby',
    'string.quoted.double.json',
  ].map((scope): [string, RegExp] => [scope, urlText]),
]);

interface Hole {
  /** Where the placeholder stands in the template line. */
  start: number;
  /** What a URL filled in there may be made of. */
  text: RegExp;
}

interface Template<State> {
  result: LineResult<State>;
  holes: Hole[];
}

/**
 * Tokenizes a line by its template: the line with each URL replaced by a placeholder, tokenized
 * once per state and reused for every URL filled in (GitHub's 1,223 operations write theirs in
 * ~4,500 lines of samples, nearly all distinct, in a dozen shapes per language). A template is
 * used only where a placeholder is the whole text of one string token of a kind listed above,
 * and the URL is made of that kind's characters: the line then tokenizes as the template does,
 * each token after a URL moved by the difference in length. Anything else answers undefined, and
 * the line is tokenized as it is.
 */
export function urlLineTemplates<State>(
  tokenize: (line: string, state: State | null) => LineResult<State>,
  scopesOf: (line: string, state: State | null) => ScopedToken[],
): (line: string, state: State | null, stateName: number) => LineResult<State> | undefined {
  const templates = new LRUCache<string, Template<State> | false>({ max: maxTemplates });
  return (line, state, stateName) => {
    if (!line.includes('://')) return undefined;
    const urls = [...line.matchAll(urlRun)].filter(([url]) => urlText.test(url));
    if (urls.length === 0) return undefined;
    let shape = '';
    let end = 0;
    const starts: number[] = [];
    for (const url of urls) {
      shape += line.slice(end, url.index);
      starts.push(shape.length);
      shape += placeholder;
      end = url.index + url[0].length;
    }
    shape += line.slice(end);
    const key = `${stateName}\u0000${shape}`;
    let template = templates.get(key);
    if (template === undefined) {
      template = templateOf(shape, starts, tokenize(shape, state), scopesOf(shape, state));
      templates.set(key, template);
    }
    if (!template || !urls.every(([url], index) => (template as Template<State>).holes[index].text.test(url)))
      return undefined;
    return {
      ...template.result,
      tokens: filled(
        template,
        urls.map(([url]) => url.length - placeholder.length),
      ),
    };
  };
}

const placeholder = 'https://x';

function templateOf<State>(
  shape: string,
  starts: number[],
  result: LineResult<State>,
  scoped: ScopedToken[],
): Template<State> | false {
  const holes: Hole[] = [];
  for (const start of starts) {
    const end = start + placeholder.length;
    const token = scoped.find((candidate) => candidate.startIndex === start && candidate.endIndex === end);
    const text = token && fillableText.get(token.scopes[token.scopes.length - 1]);
    if (!text) return false;
    // Tokens of the same colours are joined: none may start inside the placeholder.
    for (let i = 0; i < result.tokens.length; i += 2)
      if (result.tokens[i] > start && result.tokens[i] < end) return false;
    holes.push({ start, text });
  }
  return { result, holes };
}

/** The template's tokens with every token after a hole moved by that hole's difference in length. */
function filled<State>({ result, holes }: Template<State>, growth: number[]): Uint32Array {
  const tokens = result.tokens.slice();
  for (let i = 0; i < tokens.length; i += 2) {
    const start = result.tokens[i];
    let moved = start;
    for (const [index, hole] of holes.entries()) if (start >= hole.start + placeholder.length) moved += growth[index];
    tokens[i] = moved;
  }
  return tokens;
}
