import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { configSchema, type DocsgenConfig } from './schema.ts';
import { DocsgenError, errorOfAll, lineOf } from '../errors.ts';
import { locateConfigPath } from './locateConfigPath.ts';
import { compileConfig } from './compileConfig.ts';
import { knownKeysAt } from './knownKeys.ts';
import { likelyMeant } from '../didYouMean.ts';
import { themeComponentNames } from '../model/themeComponentNames.ts';
import { isSitePath } from './safeUrl.ts';

/** The validated config with the file it came from and its text. */
export interface LoadedConfig {
  config: DocsgenConfig;
  file: string;
  /** Hash of the config's compiled code, part of every cache key. */
  hash: string;
  /** The files the config was compiled from: itself and the local files it imports. */
  inputs: string[];
  /** The config file's text, for locating mistakes found after validation (navbar items). */
  source: string;
}

/**
 * Compiles `docsgen.config.ts` (compileConfig.ts), imports it and validates it against the
 * schema; the files it names are looked for below `root`, the project.
 */
export async function loadConfig(file: string, root = path.dirname(path.resolve(file))): Promise<LoadedConfig> {
  const absolute = path.resolve(file);
  const { file: compiled, hash, inputs } = await compileConfig(absolute);
  let exported: unknown;
  try {
    exported = (await import(pathToFileURL(compiled).href)).default;
  } catch (error) {
    throw new DocsgenError(`config threw while loading: ${(error as Error).message}`, { file: absolute });
  }
  const source = await readFile(absolute, 'utf8');
  return { config: validateConfig(exported, absolute, source, root), file: absolute, hash, inputs, source };
}

/**
 * The config with its defaults, or every mistake in it at once, each at its place in the file:
 * the schema's (unknown keys with a suggestion, missing and wrong values) and the project files
 * it names that do not exist.
 */
export function validateConfig(value: unknown, file: string, source = '', root = path.dirname(file)): DocsgenConfig {
  const parsed = configSchema.safeParse(value);
  const errors = parsed.success ? [] : parsed.error.issues.flatMap((issue) => issueErrors(issue, value, file, source));
  errors.push(...missingProjectFiles(value, root, file, source));
  if (errors.length > 0) throw errorOfAll(errors);
  return parsed.data!;
}

/** An error for each unknown key of an issue (each located at itself), else one at the value's key. */
function issueErrors(issue: z.core.$ZodIssue, value: unknown, file: string, source: string): DocsgenError[] {
  const at = (keyPath: PropertyKey[], message: string) => {
    const position = locateConfigPath(source, keyPath);
    return new DocsgenError(
      message,
      { file, ...position },
      position.line === undefined ? undefined : lineOf(source, position.line),
    );
  };
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(configSchema, issue.path, value);
    return issue.keys.map((key) => {
      const meant = likelyMeant(key, known);
      const suggestion = meant ? ` (did you mean ${formatPath([...issue.path, meant])}?)` : '';
      return at(
        [...issue.path, key],
        `unknown config key ${formatPath([...issue.path, key])}${suggestion}; the keys here are ${known.join(', ')}`,
      );
    });
  }
  return [at(issue.path, describeIssue(issue, value))];
}

/** Project files the config names (relative to the project) that are not there, each at its key. */
function missingProjectFiles(value: unknown, root: string, file: string, source: string): DocsgenError[] {
  // Site paths, published from public/ (a logo may also be on another host, or a data: URL: not checked).
  const published = (keyPath: PropertyKey[]): [PropertyKey[], unknown] => [
    keyPath,
    publicFileOf(valueAt(value, keyPath)),
  ];
  const named: [PropertyKey[], unknown][] = [
    [['openapi'], valueAt(value, ['openapi'])],
    [['theme', 'customCss'], valueAt(value, ['theme', 'customCss'])],
    published(['theme', 'favicon']),
    published(['navbar', 'logo', 'src']),
    published(['footer', 'logo', 'src']),
    ...themeComponentNames.map((name): [PropertyKey[], unknown] => [
      ['components', name],
      valueAt(value, ['components', name]),
    ]),
  ];
  return named
    .filter(
      (entry): entry is [PropertyKey[], string] =>
        typeof entry[1] === 'string' && entry[1] !== '' && !existsSync(path.resolve(root, entry[1])),
    )
    .map(([keyPath, relative]) => {
      const position = locateConfigPath(source, keyPath);
      const excerpt = position.line === undefined ? undefined : lineOf(source, position.line);
      return new DocsgenError(
        `config ${formatPath(keyPath)}: there is no file ${path.resolve(root, relative)}`,
        { file, ...position },
        excerpt,
      );
    });
}

/** The file of public/ (relative to the project) a site path such as `/img/logo.svg?v=2` is served from; undefined for anything else. */
function publicFileOf(sitePath: unknown): string | undefined {
  if (typeof sitePath !== 'string' || !isSitePath(sitePath)) return undefined;
  const { pathname } = new URL(sitePath, 'http://site.invalid');
  try {
    return path.join('public', decodeURIComponent(pathname));
  } catch {
    return path.join('public', pathname);
  }
}

const valueAt = (value: unknown, keyPath: readonly PropertyKey[]) =>
  keyPath.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const keyPath = formatPath(issue.path);
  const navbarIndex = issue.path[0] === 'navbar' && issue.path[1] === 'items' ? issue.path[2] : undefined;
  // An item of a known shape with one bad value (an unsafe href) is reported by that value's path.
  if (typeof navbarIndex === 'number' && issue.code !== 'custom') {
    const item = valueAt(value, ['navbar', 'items', navbarIndex]);
    return `navbar item ${formatPath(issue.path.slice(0, 3))} cannot be rendered (${JSON.stringify(item)}): ${issueText(issue, value)}`;
  }
  return `config ${keyPath || '(root)'}: ${issueText(issue, value)}`;
}

function issueText(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    return `unknown item type; expected one of ${(issue as { options?: unknown[] }).options?.join(', ')}`;
  }
  if (issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined)
    return `is required (${issue.expected})`;
  // A record's key that its key schema refused: that schema's own words, not zod's "Invalid key in record".
  if (issue.code === 'invalid_key') return issue.issues.map((inner) => inner.message).join('; ');
  return issue.message;
}

/** A key path as it is written in the config: `navbar.items[2].href`, `redirects['/docs/old/']`. */
export function formatPath(keys: PropertyKey[]): string {
  return keys
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : !/^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `[${JSON.stringify(String(key)).replace(/^"|"$/g, "'")}]`
          : index === 0
            ? String(key)
            : `.${String(key)}`,
    )
    .join('');
}
