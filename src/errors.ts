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

/**
 * An error in the writer's input (content, config, templates, OpenAPI): raised where the input
 * is read, carried as a value with its location, and printed once by the CLI (exit code 1).
 */
export class DocsgenError extends Error {
  readonly location?: SourceLocation;
  readonly excerpt?: string;

  constructor(message: string, location?: SourceLocation, excerpt?: string) {
    super(message);
    this.name = 'DocsgenError';
    this.location = location;
    this.excerpt = excerpt;
  }

  /** `file:line:col message` followed by the offending text, as compilers print it. */
  format(): string {
    const where = this.location ? formatLocation(this.location) + ': ' : '';
    const excerpt = this.excerpt ? `\n    ${this.excerpt.trim().split('\n')[0]}` : '';
    return `${where}${this.message}${excerpt}`;
  }
}

/**
 * Every mistake found in one pass over an input (a config's), each at its own place: printed one
 * after the other as `error: file:line:col: …` lines, so that one run shows them all.
 */
export class DocsgenErrors extends DocsgenError {
  readonly errors: DocsgenError[];

  constructor(errors: DocsgenError[]) {
    super(errors.map((error) => error.format()).join('\n'));
    this.name = 'DocsgenErrors';
    this.errors = errors;
  }

  /** Each error as its own `file:line:col message`, the printer's `error: ` before every one. */
  override format(): string {
    return this.errors.map((error) => error.format()).join('\nerror: ');
  }
}

/** The errors found, in the order they are written in their files: one error as itself, several together. */
export function errorOfAll(errors: DocsgenError[]): DocsgenError {
  const sorted = [...errors].sort(
    (a, b) =>
      (a.location?.line ?? Infinity) - (b.location?.line ?? Infinity) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );
  return sorted.length === 1 ? sorted[0] : new DocsgenErrors(sorted);
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

/** `file:line:col`, or as much of it as is known. */
export function formatLocation({ file, line, column }: SourceLocation): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/** The text of one line of a source, for error excerpts. */
export function lineOf(source: string, line: number): string {
  return source.split('\n')[line - 1] ?? '';
}
