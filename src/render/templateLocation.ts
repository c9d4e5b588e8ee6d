import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineRoot } from '../engineRoot.ts';
import type { SourceLocation } from '../errors.ts';

/** `at Component (file:///…/chunk.mjs:12:34)`, `at /…/templates/Page.tsx:5:7`: a stack frame's file, line and column. */
const framePattern = /\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?\s*$/;

const templatesDir = path.join(engineRoot, 'templates');

// Source maps read once each, on the first error that needs one.
const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * Where in the theme a template threw: the first frame of the error's stack that is a file of
 * templates/. From source its frames name the templates; the compiled engine's name its chunks,
 * whose source maps (written beside them, read only now) lead back to the templates.
 */
export function templateLocation(error: unknown): SourceLocation | undefined {
  for (const line of (error instanceof Error ? (error.stack ?? '') : '').split('\n')) {
    const match = framePattern.exec(line);
    if (!match) continue;
    const file = match[1].startsWith('file:') ? fileURLToPath(match[1]) : match[1];
    const location = originalLocation(file, Number(match[2]), Number(match[3]));
    if (location && isTemplate(location.file)) return location;
  }
  return undefined;
}

function isTemplate(file: string): boolean {
  const relative = path.relative(templatesDir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The source a position of `file` was compiled from, when `file` has a source map beside it; else the position itself. */
function originalLocation(file: string, line: number, column: number): SourceLocation | undefined {
  const mapFile = `${file}.map`;
  if (!sourceMaps.has(mapFile))
    sourceMaps.set(mapFile, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
  const map = sourceMaps.get(mapFile);
  if (!map) return { file, line, column };
  const entry = map.findEntry(line - 1, column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined)
    return undefined;
  const source = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : path.resolve(path.dirname(mapFile), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}
