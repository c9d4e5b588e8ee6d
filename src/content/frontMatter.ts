import matter from 'gray-matter';
import { z } from 'zod';
import { DocsgenError, type WrittenAt } from '../errors.ts';
import { loadYaml, type YamlSyntaxError } from '../yaml/loadYaml.ts';
import { formatPath } from '../config/loadConfig.ts';
import { knownKeysAt } from '../config/knownKeys.ts';
import { likelyMeant } from '../didYouMean.ts';
import { substituteVariables, unknownVariableMessage, type Variables } from './variables.ts';
import type { FrontMatterMemo } from './frontMatterMemo.ts';

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

/** A docs page's front matter, checked. */
export type FrontMatter = z.output<typeof docFrontMatterSchema>;

/**
 * Docusaurus's other docs front-matter keys (plugin-content-docs' DocFrontMatterSchema, 3.9):
 * a page brought over with them builds, and each is named once as having no effect here.
 */
const docusaurusOnlyKeys = new Set([
  'id',
  'hide_title',
  'image',
  'sidebar_key',
  'sidebar_class_name',
  'sidebar_custom_props',
  'displayed_sidebar',
  'pagination_label',
  'pagination_next',
  'pagination_prev',
  'custom_edit_url',
  'parse_number_prefixes',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'tags',
  'draft',
  'unlisted',
  'last_update',
]);

/** A file split into its checked front matter and its body, and what did not stop it (unknown keys). */
export interface ParsedSource<T> {
  frontMatter: T;
  body: string;
  /** Line of the source on which the body starts (1-based), to map body positions back. */
  bodyLine: number;
  /** Mistakes that do not stop the page: keys the schema does not know, each at its line. */
  warnings: DocsgenError[];
}

/**
 * Splits front matter from the body, substitutes `{{name}}` in its strings and validates it
 * against `schema`; errors point into the YAML.
 */
export function parseFrontMatter<S extends z.ZodType>(
  source: string,
  file: string,
  schema: S,
  variables: Variables,
): ParsedSource<z.output<S>> {
  return parsedSource(source, frontMatterHead(source), file, schema, variables);
}

/**
 * A docs page's front matter (parseFrontMatter with the docs schema), taken from `memo` when the
 * last build parsed the same head, and kept there when it gave no warning (src/content/frontMatterMemo.ts).
 */
export function parseDocFrontMatter(
  source: string,
  file: string,
  variables: Variables,
  memo?: FrontMatterMemo,
): ParsedSource<FrontMatter> {
  const head = frontMatterHead(source);
  const known = memo?.get(head);
  if (known)
    return {
      frontMatter: known.frontMatter,
      body: known.content + source.slice(head.length),
      bodyLine: known.bodyLine,
      warnings: [],
    };
  const parsed = parsedSource(source, head, file, docFrontMatterSchema, variables);
  if (parsed.warnings.length === 0)
    memo?.set(head, {
      frontMatter: parsed.frontMatter,
      content: parsed.body.slice(0, parsed.body.length - (source.length - head.length)),
      bodyLine: parsed.bodyLine,
    });
  return parsed;
}

function parsedSource<S extends z.ZodType>(
  source: string,
  head: string,
  file: string,
  schema: S,
  variables: Variables,
): ParsedSource<z.output<S>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An options object keeps gray-matter from caching results by content across files.
    parsed = matter(head, { engines: frontMatterEngines(file) });
  } catch (error) {
    if (error instanceof DocsgenError) throw error;
    const yamlError = error as YamlSyntaxError;
    // The YAML parser may report a place past the block (an unclosed `[`): point at its last line.
    const lastLine =
      source.slice(3).search(/^---/m) === -1
        ? Infinity
        : source.slice(0, source.indexOf('\n---', 3) + 1).split('\n').length - 1;
    const line = Math.min((yamlError.mark?.line ?? 0) + 2, lastLine);
    throw new DocsgenError(
      `malformed front matter: ${yamlError.reason ?? yamlError.message.split('\n')[0]}`,
      { file, line, column: (yamlError.mark?.column ?? 0) + 1 },
      source.split('\n')[line - 1],
    );
  }
  const result = schema.safeParse(substituteInData(parsed.data, variables, source, file));
  if (!result.success) {
    const issue = result.error.issues[0];
    const line = frontMatterKeyLine(source, String(issue.path[0] ?? ''));
    throw new DocsgenError(
      `front matter ${formatPath(issue.path) || '(root)'}: ${issue.message}`,
      { file, line: line ?? 1, column: 1 },
      line ? source.split('\n')[line - 1] : undefined,
    );
  }
  const body = parsed.content + source.slice(head.length);
  const bodyLine = parsed.matter ? source.slice(0, source.length - body.length).split('\n').length : 1;
  return {
    frontMatter: result.data,
    body,
    bodyLine,
    warnings: unknownKeyWarnings(parsed.data, schema, source.slice(0, head.length), file),
  };
}

/**
 * A key the schema does not know would be silently dropped (`sidebar_postion: 2` and the page
 * lands last): a warning at the key, with the known key it is likely a typo of.
 */
function unknownKeyWarnings(
  data: Record<string, unknown>,
  schema: z.ZodType,
  head: string,
  file: string,
): DocsgenError[] {
  const known = knownKeysAt(schema, [], data);
  if (known.length === 0) return [];
  const lines = head.split('\n');
  return Object.keys(data)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const index = lines.findIndex((line, i) => i > 0 && keyAt(line) === key);
      const meant = likelyMeant(key, known);
      const message = docusaurusOnlyKeys.has(key)
        ? `front-matter key "${key}" is a Docusaurus key docsgen does not use; it has no effect`
        : `unknown front-matter key "${key}", ignored; ${meant ? `did you mean "${meant}"?` : `the keys are ${known.join(', ')}`}`;
      const location =
        index === -1 ? { file, line: 1, column: 1 } : { file, line: index + 1, column: lines[index].search(/\S/) + 1 };
      return new DocsgenError(message, location, index === -1 ? undefined : lines[index]);
    });
}

/** The top-level key a front-matter line sets (`key:`, `"key":`), if any. */
function keyAt(line: string): string | undefined {
  const match = /^(?:"([^"]+)"|'([^']+)'|([^\s:#'"][^:]*?))\s*:(?:\s|$)/.exec(line);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * What gray-matter is given of a page: its text up to the end of the line that closes the front
 * matter (a BOM alone when there is none, all of it when the block is not closed). gray-matter
 * looks each input up in its cache by the whole text and copies it into a Buffer, options or
 * not: given whole pages, that was 0.26 s of a 10,000-page build's serial load. Its result is
 * the same, the rest of the page following its body unchanged.
 */
function frontMatterHead(source: string): string {
  const start = source.startsWith('\uFEFF') ? 1 : 0;
  if (!source.startsWith('---', start)) return source.slice(0, start);
  const close = source.indexOf('\n---', start + 3);
  const lineEnd = close === -1 ? -1 : source.indexOf('\n', close + 4);
  return lineEnd === -1 ? source : source.slice(0, lineEnd + 1);
}

/**
 * Front matter is YAML, its aliases bounded (the block gray-matter passes starts with the rest of
 * the opening `---` line, so its lines are the file's). The `---js` and `---coffee` front matter
 * that gray-matter would otherwise run as code is refused.
 */
function frontMatterEngines(file: string): matter.GrayMatterOption<string, never>['engines'] {
  const refuse = () => {
    throw new Error('front matter must be YAML; code front matter (---js, ---coffee) is not run');
  };
  return {
    yaml: (block: string) => loadYaml(block, file) as object,
    javascript: refuse,
    coffee: refuse,
  };
}

/** Substitutes variables in every string of the front matter; an unknown one is reported at its line. */
function substituteInData(data: unknown, variables: Variables, source: string, file: string): unknown {
  if (typeof data === 'string') {
    const result = substituteVariables(data, variables);
    if (typeof result === 'string') return result;
    const lines = source.split('\n');
    const index = lines.findIndex((line, i) => i > 0 && line.includes(`{{${result.name}`));
    throw new DocsgenError(
      unknownVariableMessage(result.name, variables),
      { file, line: index + 1, column: lines[index].indexOf('{{') + 1 },
      lines[index],
    );
  }
  if (Array.isArray(data)) return data.map((item) => substituteInData(item, variables, source, file));
  if (data && typeof data === 'object' && !(data instanceof Date)) {
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, substituteInData(value, variables, source, file)]),
    );
  }
  return data;
}

/** Where the value of a top-level front-matter key is written (for errors about the value itself). */
export function frontMatterValueAt(source: string, key: string, file: string): WrittenAt | undefined {
  const line = frontMatterKeyLine(source, key);
  if (line === undefined) return undefined;
  const text = source.split('\n')[line - 1];
  const column = text.length - text.slice(key.length + 1).trimStart().length + 1;
  return { location: { file, line, column }, excerpt: text };
}

function frontMatterKeyLine(source: string, key: string): number | undefined {
  const index = source.split('\n').findIndex((line, i) => i > 0 && line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
