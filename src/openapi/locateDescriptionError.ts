import { DocsgenError, lineOf } from '../errors.ts';

/**
 * Moves an error found in a Markdown description of the OpenAPI file (an unsafe link, say), which
 * is located in the description as a fragment of its own, to where its line is written in the
 * file: the first line of `source` holding the fragment's line (block scalars keep lines whole),
 * or else the Markdown from the error's column on (a folded line). Found nowhere, the error names
 * the file alone rather than a wrong place.
 */
export function locateDescriptionError(error: unknown, source: string): unknown {
  if (!(error instanceof DocsgenError) || !error.location || error.excerpt === undefined) return error;
  const { file, column = 1 } = error.location;
  const written = error.excerpt;
  const lines = source.split('\n');
  for (const [text, offset] of [
    [written.trim(), column - 1 - (written.length - written.trimStart().length)],
    [written.slice(column - 1).trimEnd(), 0],
  ] as const) {
    if (!text) continue;
    const index = lines.findIndex((line) => line.includes(text));
    if (index !== -1) {
      return new DocsgenError(
        error.message,
        { file, line: index + 1, column: lines[index].indexOf(text) + offset + 1 },
        lineOf(source, index + 1),
      );
    }
  }
  return new DocsgenError(error.message, { file }, written);
}
