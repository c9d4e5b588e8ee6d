import { BoundedMap } from '../cache/boundedMap.ts';
import type { Highlighter } from 'shiki';
import { lineTemplates, type ScopedToken } from './lineTemplates.ts';

/** Lines kept per grammar: GitHub's reference tokenizes ~78,000 lines, ~18,000 of them distinct. */
const maxLines = 50_000;

/** Distinct tokenizer states named per grammar; a grammar that makes more is tokenized without the cache from then on. */
const maxStates = 100_000;

/** vscode-textmate's state between lines (`StateStackImpl`), read only for the fields its own `equals` compares, and two more. */
interface StateStack {
  parent: StateStack | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: ScopeList | null;
  contentNameScopesList: ScopeList | null;
}

/** vscode-textmate's `AttributedScopeStack`: the scopes open at a point, each with its theme attributes. */
interface ScopeList {
  parent: ScopeList | null;
  scopePath: ScopePath;
  tokenAttributes: number;
}

interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

type LineResult = { tokens: Uint32Array; ruleStack: StateStack };
type Grammar = {
  tokenizeLine2(line: string, state: StateStack | null, timeLimit?: number): LineResult;
  tokenizeLine(line: string, state: StateStack | null, timeLimit?: number): { tokens: ScopedToken[] };
};

const cached = new WeakSet<object>();

/**
 * Tokenizes each (state, line) pair of a grammar once. A TextMate grammar tokenizes a line from
 * the state the previous line ended in, and the same line from the same state always gives the
 * same tokens and end state: generated samples repeat most of their lines from one operation to
 * the next (GitHub's 1,223 JavaScript samples: 12,362 lines, 1,710 distinct), and JSON examples
 * repeat theirs. A line met for the first time may still share its tokens with lines that
 * differ from it only in the text of their strings or numbers (lineTemplates.ts). Output is
 * unchanged; only repeated work goes.
 *
 * States are named by what vscode-textmate compares them by (rule, end rule, scopes and their
 * attributes, all the way up the stack), plus whether the rule's begin captured the line's end.
 * If a grammar's states do not have that shape (another vscode-textmate), it is left as it is.
 */
export function cacheLineTokens(highlighter: Highlighter, language: string): void {
  const grammar = highlighter.getLanguage(language) as unknown as Grammar;
  if (cached.has(grammar)) return;
  cached.add(grammar);
  const tokenize = grammar.tokenizeLine2.bind(grammar);
  if (!hasKnownShape(tokenize('', null).ruleStack)) return;
  const lines = new BoundedMap<string, LineResult>(maxLines);
  const names = new StateNames();
  const templated = lineTemplates<StateStack>(
    language,
    tokenize,
    (line, state) => grammar.tokenizeLine(line, state).tokens,
  );
  grammar.tokenizeLine2 = (line, state, timeLimit) => {
    // A time limit may stop a line early: such a result is not the line's for good.
    const name = timeLimit ? undefined : names.of(state);
    if (name === undefined) return tokenize(line, state, timeLimit);
    const key = `${name}\u0000${line}`;
    let result = lines.get(key);
    if (result) return result;
    // A line made from a template is rarely met again: it is not kept.
    result = templated(line, state, name);
    if (result) return result;
    result = tokenize(line, state, timeLimit);
    lines.set(key, result);
    return result;
  };
}

function hasKnownShape(state: StateStack): boolean {
  const scopes = state?.contentNameScopesList;
  return (
    typeof state?.ruleId === 'number' &&
    'endRule' in state &&
    typeof state.beginRuleCapturedEOL === 'boolean' &&
    typeof scopes?.tokenAttributes === 'number' &&
    typeof scopes.scopePath?.scopeName === 'string' &&
    'parent' in scopes.scopePath
  );
}

/** Short names of tokenizer states, equal for states that tokenize alike; kept on each state object once made. */
class StateNames {
  private readonly ids = new Map<string, number>();
  private readonly byObject = new WeakMap<object, number>();

  /** The state's name (`0` the first line's), or undefined once there are too many states. */
  of(state: StateStack | null): number | undefined {
    return state === null ? 0 : this.stack(state);
  }

  private stack(state: StateStack): number | undefined {
    return this.named(state, () => {
      const parent = state.parent === null ? 0 : this.stack(state.parent);
      const names = this.scopes(state.nameScopesList);
      const contentNames = this.scopes(state.contentNameScopesList);
      if (parent === undefined || names === undefined || contentNames === undefined) return undefined;
      return `s${parent} ${state.ruleId} ${state.beginRuleCapturedEOL ? 1 : 0} ${names} ${contentNames} ${state.endRule ?? ''}`;
    });
  }

  private scopes(list: ScopeList | null): number | undefined {
    if (list === null) return 0;
    return this.named(list, () => {
      const parent = this.scopes(list.parent);
      const path = this.path(list.scopePath);
      return parent === undefined || path === undefined ? undefined : `l${parent} ${path} ${list.tokenAttributes}`;
    });
  }

  private path(path: ScopePath | null): number | undefined {
    if (path === null) return 0;
    return this.named(path, () => {
      const parent = this.path(path.parent);
      return parent === undefined ? undefined : `p${parent} ${path.scopeName}`;
    });
  }

  /** The object's number, made from its description the first time (objects that describe alike share one). */
  private named(object: object, describe: () => string | undefined): number | undefined {
    const known = this.byObject.get(object);
    if (known !== undefined) return known;
    const description = describe();
    if (description === undefined) return undefined;
    let id = this.ids.get(description);
    if (id === undefined) {
      if (this.ids.size >= maxStates) return undefined;
      id = this.ids.size + 1;
      this.ids.set(description, id);
    }
    this.byObject.set(object, id);
    return id;
  }
}
