import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { configSchema, type DocsgenConfig } from './schema.ts';
import { DocsgenError, lineOf } from '../errors.ts';
import { locateConfigPath } from './locateConfigPath.ts';
import { compileConfig } from './compileConfig.ts';
import { knownKeysAt } from './knownKeys.ts';
import { likelyMeant } from '../didYouMean.ts';

/** The validated config with the file it came from and its text. */
export interface LoadedConfig {
  config: DocsgenConfig;
  file: string;
  /** Hash of the config's compiled code, part of every cache key. */
  hash: string;
  /** The config file's text, for locating mistakes found after validation (navbar items). */
  source: string;
}

/** Compiles `docsgen.config.ts` (compileConfig.ts), imports it and validates it against the schema. */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  const absolute = path.resolve(file);
  const { file: compiled, hash } = await compileConfig(absolute);
  let exported: unknown;
  try {
    exported = (await import(pathToFileURL(compiled).href)).default;
  } catch (error) {
    throw new DocsgenError(`config threw while loading: ${(error as Error).message}`, { file: absolute });
  }
  const source = await readFile(absolute, 'utf8');
  return { config: validateConfig(exported, absolute, source), file: absolute, hash, source };
}

/** The config after zod's checks and defaults; an error names the first wrong key at its place in `source`. */
export function validateConfig(value: unknown, file: string, source = ''): DocsgenConfig {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  // An unknown key first: a misspelt required key is also reported missing, and the typo is the news.
  const issue =
    parsed.error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? parsed.error.issues[0];
  // An unknown key is located at itself, not at the object that holds it.
  const keyPath = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  const position = locateConfigPath(source, keyPath);
  throw new DocsgenError(
    describeIssue(issue, value),
    { file, ...position },
    position.line === undefined ? undefined : lineOf(source, position.line),
  );
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const keyPath = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(configSchema, issue.path, value);
    const keys = issue.keys.map((key) => {
      const meant = likelyMeant(key, known);
      return `${formatPath([...issue.path, key])}${meant ? ` (did you mean ${formatPath([...issue.path, meant])}?)` : ''}`;
    });
    return `unknown config key ${keys.join(', ')}; the keys here are ${known.join(', ')}`;
  }
  const navbarIndex = issue.path[0] === 'navbar' && issue.path[1] === 'items' ? issue.path[2] : undefined;
  // An item of a known shape with one bad value (an unsafe href) is reported by that value's path.
  if (typeof navbarIndex === 'number' && issue.code !== 'custom') {
    const item = (value as { navbar: { items: unknown[] } }).navbar.items[navbarIndex];
    return `navbar item ${formatPath(issue.path.slice(0, 3))} cannot be rendered (${JSON.stringify(item)}): ${issueText(issue)}`;
  }
  return `config ${keyPath || '(root)'}: ${issueText(issue)}`;
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    return `unknown item type; expected one of docSidebar, docsVersionDropdown, link, search`;
  }
  return issue.message;
}

/** A key path as it is written in the config: `navbar.items[2].href`. */
export function formatPath(keys: PropertyKey[]): string {
  return keys
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('');
}
