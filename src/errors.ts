import path from 'node:path';

/** Where in an input file something went wrong (1-based line and column). */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** A place in a source and the line written there: where an error about it points. */
export interface WrittenAt {
  location: SourceLocation;
  excerpt?: string;
}

/** Where an error says which of these classes it belongs to, read by every copy of the engine in the thread. */
const kindsKey: unique symbol = Symbol.for('docsgen.errorKinds');

/** `instanceof` for these classes: an error made by another copy of the engine in this thread counts too. */
function isOfKind(kind: string, value: unknown): boolean {
  const kinds = (value as Partial<Record<typeof kindsKey, unknown>> | null | undefined)?.[kindsKey];
  return Array.isArray(kinds) && kinds.includes(kind);
}

/**
 * An error in the writer's input (content, config, templates, OpenAPI): raised where the input
 * is read, carried as a value with its location, and printed once by the CLI (exit code 1).
 * The dev server loads a new copy of the engine after each theme edit; that copy's errors are
 * DocsgenErrors to the server too (`instanceof` reads the kinds an error names, not its class).
 */
export class DocsgenError extends Error {
  readonly location?: SourceLocation;
  readonly excerpt?: string;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return Function.prototype[Symbol.hasInstance].call(this, value) || isOfKind(this.kind, value);
  }

  /** This class's name among the engine's copies (a bundler may rename the class itself). */
  static readonly kind: string = 'DocsgenError';

  /** The kinds this error is. */
  get [kindsKey](): string[] {
    return [DocsgenError.kind];
  }

  constructor(message: string, location?: SourceLocation, excerpt?: string) {
    super(message);
    this.name = 'DocsgenError';
    this.location = location;
    this.excerpt = excerpt;
  }

  /** `file:line:col message` followed by the offending text, as compilers print it; the file relative to `root` when it is inside. */
  format(root?: string): string {
    const where = this.location ? formatLocation(this.location, root) + ': ' : '';
    const excerpt = this.excerpt ? `\n    ${this.excerpt.trim().split('\n')[0]}` : '';
    return `${where}${this.message}${excerpt}`;
  }
}

/** A DocsgenError as plain data, as it crosses from a render thread. */
export interface ErrorValue {
  message: string;
  location?: SourceLocation;
  excerpt?: string;
}

/** The error as plain data, for a message between threads. */
export function errorValue({ message, location, excerpt }: DocsgenError): ErrorValue {
  return { message, location, excerpt };
}

/** The error again from its plain data. */
export function fromErrorValue({ message, location, excerpt }: ErrorValue): DocsgenError {
  return new DocsgenError(message, location, excerpt);
}

/**
 * What a thread's work threw, as plain data for a message: the engine's own errors keep their kind
 * and places (a DocsgenErrors each of its errors and its summary); anything else goes as an Error,
 * which a message carries with its message and stack.
 */
export type ThrownValue =
  | { docsgen: ErrorValue[]; summary?: string; several: boolean }
  | { usage: string }
  | { other: Error };

/** The error as plain data, for a message between threads. */
export function thrownValue(error: unknown): ThrownValue {
  if (error instanceof DocsgenError)
    return {
      docsgen: errorsIn(error).map(errorValue),
      summary: error instanceof DocsgenErrors ? error.summary : undefined,
      several: error instanceof DocsgenErrors,
    };
  if (error instanceof UsageError) return { usage: error.message };
  return { other: error instanceof Error ? error : new Error(String(error)) };
}

/** The error again from its plain data, of the class it was thrown as. */
export function fromThrownValue(value: ThrownValue): Error {
  if ('usage' in value) return new UsageError(value.usage);
  if ('other' in value) return value.other;
  const errors = value.docsgen.map(fromErrorValue);
  return value.several ? new DocsgenErrors(errors, value.summary) : errors[0];
}

/**
 * Every mistake a pass over the inputs found (a config's; a build's: all pages, all sources), each
 * at its own place, in the order `errorOfAll` sorts them: printed one after the other as
 * `error: file:line:col: …` lines, so that one run shows them all.
 */
export class DocsgenErrors extends DocsgenError {
  readonly errors: DocsgenError[];
  /** What the errors add up to, printed after them (`3 errors in 27 pages`). */
  readonly summary?: string;

  static override readonly kind: string = 'DocsgenErrors';

  override get [kindsKey](): string[] {
    return [DocsgenError.kind, DocsgenErrors.kind];
  }

  constructor(errors: DocsgenError[], summary?: string) {
    super(errors.map((error) => error.format()).join('\n'));
    this.name = 'DocsgenErrors';
    this.errors = errors;
    this.summary = summary;
  }

  /** Each error as its own `file:line:col message`, the printer's `error: ` before every one. */
  override format(root?: string): string {
    return this.errors.map((error) => error.format(root)).join('\nerror: ');
  }
}

/**
 * The errors found, sorted by file, line and column (nested lists flattened, repeats dropped):
 * one error as itself, several as `DocsgenErrors`.
 */
export function errorOfAll(errors: DocsgenError[]): DocsgenError {
  const seen = new Set<string>();
  const sorted = errors
    .flatMap(errorsIn)
    .filter((error) => !seen.has(error.format()) && seen.add(error.format()))
    .sort((a, b) => compareLocations(a.location, b.location));
  return sorted.length === 1 ? sorted[0] : new DocsgenErrors(sorted);
}

/** The errors an error stands for: itself, or each of a `DocsgenErrors`. */
export function errorsIn(error: DocsgenError): DocsgenError[] {
  return error instanceof DocsgenErrors ? error.errors.flatMap(errorsIn) : [error];
}

function compareLocations(a: SourceLocation | undefined, b: SourceLocation | undefined): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  return a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/**
 * A command asked for something it must not do (an output folder that would replace the project):
 * nothing in the input is wrong, the command line is. Printed once by the CLI (exit code 2).
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `file:line:col`, or as much of it as is known; the file relative to `root` when it is inside. */
export function formatLocation({ file, line, column }: SourceLocation, root?: string): string {
  const shown = root === undefined ? file : projectPath(root, file);
  if (line === undefined) return shown;
  return column === undefined ? `${shown}:${line}` : `${shown}:${line}:${column}`;
}

/** A file as the writer knows it: relative to the project when inside it, else as it is. */
export function projectPath(root: string, file: string): string {
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(path.resolve(root), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative)
    ? relative.split(path.sep).join('/')
    : file;
}

/**
 * The text of one line of a source (from 1; '' past the end), for error excerpts. Found with
 * `indexOf`, not by splitting the source into lines: on GitHub's 13 MB description that was 0.1 s a
 * warning.
 */
export function lineOf(source: string, line: number): string {
  if (!Number.isInteger(line) || line < 1) return '';
  let start = 0;
  for (let at = 1; at < line; at++) {
    const end = source.indexOf('\n', start);
    if (end === -1) return '';
    start = end + 1;
  }
  const end = source.indexOf('\n', start);
  return source.slice(start, end === -1 ? undefined : end);
}
