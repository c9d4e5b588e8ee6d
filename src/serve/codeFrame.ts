import { readFileSync } from 'node:fs';
import { formatMessagesSync } from 'esbuild';
import type { SourceLocation } from '../errors.ts';

/**
 * The line an error points at, as a compiler shows it: the numbered line and a caret under
 * the column (esbuild's own message format, which the theme's compile errors come in).
 * Read from the file as it is now; undefined without a line, or when the file cannot be read.
 */
export function codeFrame({ file, line, column }: SourceLocation): string | undefined {
  if (line === undefined) return undefined;
  let lineText: string | undefined;
  try {
    lineText = readFileSync(file, 'utf8').split(/\r?\n/)[line - 1];
  } catch {
    return undefined;
  }
  if (lineText === undefined) return undefined;
  const [formatted] = formatMessagesSync(
    [{ text: '', location: { file, line, column: Math.max(0, (column ?? 1) - 1), lineText } }],
    { kind: 'error', color: false },
  );
  // The numbered line and the caret: the message and `file:line:col` are shown above them.
  const lines = formatted
    .split('\n')
    .slice(3)
    .filter((text) => text.trim() !== '');
  const indent = Math.min(...lines.map((text) => /^ */.exec(text)![0].length));
  return lines.map((text) => text.slice(indent)).join('\n');
}
