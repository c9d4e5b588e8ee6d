import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { z } from 'zod';
import { configSchema, type DocsgenConfig } from './schema.ts';
import { DocsgenError } from '../errors.ts';
import { locateConfigPath } from './locateConfigPath.ts';

export interface LoadedConfig {
  config: DocsgenConfig;
  file: string;
  /** Hash of the config's compiled code, part of every cache key. */
  hash: string;
  /** The config file's text, for locating mistakes found after validation (navbar items). */
  source: string;
}

/** Compiles `docsgen.config.ts` with esbuild, imports it and validates it against the schema. */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  const absolute = path.resolve(file);
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [absolute],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    throw fromEsbuildFailure(error, absolute);
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const cacheDir = path.join(path.dirname(absolute), 'node_modules', '.cache', 'docsgen');
  await mkdir(cacheDir, { recursive: true });
  const compiled = path.join(cacheDir, `config-${hash}.mjs`);
  await writeFile(compiled, code);
  let exported: unknown;
  try {
    exported = (await import(pathToFileURL(compiled).href)).default;
  } catch (error) {
    throw new DocsgenError(`config threw while loading: ${(error as Error).message}`, { file: absolute });
  }
  const source = await readFile(absolute, 'utf8');
  return { config: validateConfig(exported, absolute, source), file: absolute, hash, source };
}

export function validateConfig(value: unknown, file: string, source = ''): DocsgenConfig {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DocsgenError(describeIssue(issue, value), { file, ...locateConfigPath(source, issue.path) });
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const keyPath = formatPath(issue.path);
  const navbarIndex = issue.path[0] === 'navbar' && issue.path[1] === 'items' ? issue.path[2] : undefined;
  // An item of a known shape with one bad value (an unsafe href) is reported by that value's path.
  if (typeof navbarIndex === 'number' && issue.code !== 'custom') {
    const item = (value as { navbar: { items: unknown[] } }).navbar.items[navbarIndex];
    return `navbar item ${formatPath(issue.path.slice(0, 3))} cannot be rendered (${JSON.stringify(item)}): ${issueText(issue)}`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `unknown config key ${issue.keys.map((key) => formatPath([...issue.path, key])).join(', ')}`;
  }
  return `config ${keyPath || '(root)'}: ${issueText(issue)}`;
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    return `unknown item type; expected one of docSidebar, docsVersionDropdown, link, search`;
  }
  return issue.message;
}

export function formatPath(keys: PropertyKey[]): string {
  return keys
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('');
}

function fromEsbuildFailure(error: unknown, file: string): DocsgenError {
  const first = (error as esbuild.BuildFailure).errors?.[0];
  if (!first) return new DocsgenError(`config could not be compiled: ${(error as Error).message}`, { file });
  const location = first.location;
  return new DocsgenError(
    `config could not be compiled: ${first.text}`,
    location ? { file: path.resolve(location.file), line: location.line, column: location.column + 1 } : { file },
    location?.lineText,
  );
}
