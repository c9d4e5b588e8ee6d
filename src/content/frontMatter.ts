import matter from 'gray-matter';
import { z } from 'zod';
import { DocsgenError } from '../errors.ts';
import { formatPath } from '../config/loadConfig.ts';

/** The Docusaurus-compatible front-matter keys a docs page may set. */
export const docFrontMatterSchema = z.object({
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().min(1).optional(),
  keywords: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  hide_table_of_contents: z.boolean().default(false),
});

export type FrontMatter = z.output<typeof docFrontMatterSchema>;

export interface ParsedSource<T> {
  frontMatter: T;
  body: string;
  /** Line of the source on which the body starts (1-based), to map body positions back. */
  bodyLine: number;
}

interface YamlError extends Error {
  mark?: { line: number; column: number };
  reason?: string;
}

/** Splits front matter from the body and validates it against `schema`; errors point into the YAML. */
export function parseFrontMatter<S extends z.ZodType>(source: string, file: string, schema: S): ParsedSource<z.output<S>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An options object keeps gray-matter from caching results by content across files.
    parsed = matter(source, {});
  } catch (error) {
    const yamlError = error as YamlError;
    const line = (yamlError.mark?.line ?? 0) + 2;
    throw new DocsgenError(
      `malformed front matter: ${yamlError.reason ?? yamlError.message.split('\n')[0]}`,
      { file, line, column: (yamlError.mark?.column ?? 0) + 1 },
      source.split('\n')[line - 1],
    );
  }
  const result = schema.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const line = frontMatterKeyLine(source, String(issue.path[0] ?? ''));
    throw new DocsgenError(
      `front matter ${formatPath(issue.path) || '(root)'}: ${issue.message}`,
      { file, line: line ?? 1, column: 1 },
      line ? source.split('\n')[line - 1] : undefined,
    );
  }
  const bodyLine = parsed.matter ? source.slice(0, source.length - parsed.content.length).split('\n').length : 1;
  return { frontMatter: result.data, body: parsed.content, bodyLine };
}

function frontMatterKeyLine(source: string, key: string): number | undefined {
  const index = source.split('\n').findIndex((line, i) => i > 0 && line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
