import type { BundledLanguage, Highlighter, LanguageRegistration, RegexEngine, ThemedToken } from 'shiki';

/**
 * Where a language's grammar includes another grammar, its lean copy has this pattern instead: it
 * never matches, and a scanner that holds it is one whose state would search the other grammar's
 * patterns too.
 */
const embedMark = '(?!)embedded-grammar';

/** A line that would search an embedded grammar's patterns: the block needs the whole language. */
class EmbedEntered extends Error {}

interface Grammar {
  tokenizeLine2(line: string, state: unknown, timeLimit?: number): unknown;
  tokenizeLine(line: string, state: unknown, timeLimit?: number): unknown;
}

/**
 * A language's embedded grammars loaded only for a block that enters one. Ruby's grammar includes
 * 29 others (SQL, HTML, CSS, JavaScript, C... for heredocs named after them), PHP's 9, HTTP's 9:
 * Shiki loads them all with the language, and vscode-textmate turns every rule they reach into its
 * own before the first line (Ruby: ~0.8 s CPU, against ~0.2 s for its own grammar alone).
 *
 * Here a language that embeds others is first loaded into a second highlighter as its own grammar
 * alone, each include of another grammar replaced by a pattern that never matches (`embedMark`).
 * A tokenizer state whose patterns do not include another grammar searches the same patterns in
 * both grammars, so the two tokenize alike until a line reaches a state whose scanner holds the
 * mark; such a line stops the lean attempt (its tokens are neither used nor kept by the line
 * cache), and the block is highlighted by the whole language. Output is the whole language's.
 * Measured (pairs against whole languages, machine at load 8-15): 1,000 varied pages cold CPU x0.967,
 * peak 439 -> 416 MiB; Dropbox Sign CPU x0.979 (another run x1.008); per thread, Ruby's blocks ~0.35 s
 * and HTTP's ~0.2 s less; PHP's no change. Quiet pairs of the session's end (this with the rest of
 * the session's changes) did not show it in whole-process CPU: varied x1.012, Dropbox Sign x1.011.
 */
export class EmbedsOnDemand {
  private readonly languages = new Map<string, Promise<boolean>>();
  private markSearched = false;
  private lean: Promise<Highlighter> | undefined;

  /** `create` makes a highlighter with the given regex engine, as the whole languages' is made. */
  constructor(
    private readonly create: (engine: (plain: RegexEngine) => RegexEngine) => Promise<Highlighter>,
    /** Called on each language's lean grammar once loaded (the line token cache). */
    private readonly prepare: (highlighter: Highlighter, language: string) => void,
  ) {}

  /**
   * Whether the language has a lean grammar ready: it includes other grammars, and its first
   * state does not search them (a language whose every line may enter another has none).
   */
  load(full: Highlighter, language: string): Promise<boolean> {
    let loaded = this.languages.get(language);
    if (!loaded) {
      loaded = this.loadLean(full, language);
      this.languages.set(language, loaded);
    }
    return loaded;
  }

  /** The code's tokens by the language's lean grammar, or undefined when a line enters an embedded grammar. */
  tokens(highlighter: Highlighter, code: string, language: string, theme: string): ThemedToken[][] | undefined {
    try {
      return highlighter.codeToTokens(code, { lang: language as BundledLanguage, theme, tokenizeTimeLimit: 0 }).tokens;
    } catch (error) {
      if (error instanceof EmbedEntered) return undefined;
      throw error;
    }
  }

  /** The highlighter of lean grammars (the same engine's scanners, watched for the mark). */
  highlighter(): Promise<Highlighter> {
    this.lean ??= this.create((plain) => this.watched(plain));
    return this.lean;
  }

  private async loadLean(full: Highlighter, language: string): Promise<boolean> {
    const bundled = full.getBundledLanguages();
    if (!Object.hasOwn(bundled, language)) return false;
    const input = bundled[language as BundledLanguage];
    const loaded = typeof input === 'function' ? await input() : input;
    const registrations = [('default' in loaded ? loaded.default : loaded) as LanguageRegistration[]].flat();
    const own = registrations.at(-1);
    if (registrations.length < 2 || !own) return false;
    const included = includedGrammars(own);
    const kept = registrations.filter((embedded) => included.has(embedded.scopeName) && isSmallLeaf(embedded));
    const highlighter = await this.highlighter();
    await highlighter.loadLanguage(...kept, leanRegistration(own, new Set(kept.map(({ scopeName }) => scopeName))));
    const grammar = highlighter.getLanguage(language) as unknown as Grammar;
    this.stopOnMark(grammar);
    try {
      grammar.tokenizeLine2('', null);
    } catch (error) {
      if (error instanceof EmbedEntered) return false;
      throw error;
    }
    this.prepare(highlighter, language);
    return true;
  }

  /** A line whose tokenizing searched a scanner holding the mark throws, before anything keeps its tokens. */
  private stopOnMark(grammar: Grammar): void {
    for (const method of ['tokenizeLine2', 'tokenizeLine'] as const) {
      const tokenize = grammar[method].bind(grammar);
      grammar[method] = (line, state, timeLimit) => {
        this.markSearched = false;
        const result = tokenize(line, state, timeLimit);
        if (this.markSearched) throw new EmbedEntered();
        return result;
      };
    }
  }

  /** The engine whose scanners holding the mark say when they are searched. */
  private watched(engine: RegexEngine): RegexEngine {
    return {
      createString: (text) => engine.createString(text),
      createScanner: (patterns) => {
        const scanner = engine.createScanner(patterns);
        if (!patterns.some((pattern) => String(pattern) === embedMark)) return scanner;
        return {
          findNextMatchSync: (text, start, options) => {
            this.markSearched = true;
            return scanner.findNextMatchSync(text, start, options);
          },
        };
      },
    };
  }
}

/** Grammar JSON under which an embedded grammar that embeds none is kept in the lean copy. */
const smallGrammar = 25_000;

/**
 * Whether an embedded grammar is kept in the lean copy: it includes no other and its rules are few
 * (JSON's 3 KB, YAML's 10 KB, SQL's 23 KB; JavaScript's 159 KB is not), so a block entering it
 * needs no whole language, for the cost of compiling those few rules: HTTP's JSON bodies (every POST
 * sample of 1,000 varied pages), PHP's strings that open with an SQL keyword (187 of GitHub's
 * 1,223 PHP samples: `'DELETE'`).
 */
function isSmallLeaf(registration: LanguageRegistration): boolean {
  return (
    !registration.embeddedLangs?.length &&
    includedGrammars(registration).size === 0 &&
    JSON.stringify(registration).length < smallGrammar
  );
}

/** Whether an include names a rule of the grammar itself (`#rule`, `$self`, `$base`, its own scope). */
function isOwnInclude(include: string, scopeName: string): boolean {
  return include.startsWith('#') || include.startsWith('$') || include.split('#')[0] === scopeName;
}

/** The scopes of the other grammars a grammar includes. */
function includedGrammars(own: LanguageRegistration): Set<string> {
  const scopes = new Set<string>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const { include } = value as { include?: unknown };
    if (typeof include === 'string' && !isOwnInclude(include, own.scopeName)) scopes.add(include.split('#')[0]!);
    for (const inner of Object.values(value)) walk(inner);
  };
  walk(own);
  return scopes;
}

/**
 * The language's own grammar, each include of another grammar (`source.sql`, `text.html.basic#tag`)
 * but the kept ones replaced by the mark, wherever it is (patterns, repository, captures,
 * injections).
 */
function leanRegistration(own: LanguageRegistration, kept: Set<string>): LanguageRegistration {
  const stays = (include: string) => isOwnInclude(include, own.scopeName) || kept.has(include.split('#')[0]!);
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (value === null || typeof value !== 'object') return value;
    const { include } = value as { include?: unknown };
    if (typeof include === 'string' && !stays(include)) return { match: embedMark };
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
  };
  const { embeddedLangs: _embedded, embeddedLangsLazy: _lazy, ...grammar } = own;
  return copy(grammar) as LanguageRegistration;
}
