import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DocsgenError, lineOf } from '../errors.ts';
import { loadYamlFile } from '../yaml/loadYamlFile.ts';
import { yamlLocator } from '../yaml/locateYamlPath.ts';

/**
 * Where the snapshots of older versions are kept, below the project (as `docusaurus docs:version`
 * keeps them): `versions.json` lists them newest first; a snapshot's pages, `_category_.yml`
 * files and images are in `versioned_docs/version-<label>/`, its OpenAPI description's files in
 * `versioned_openapi/<label>/`.
 */
export const versionsLayout = {
  /** The current version's pages, which writers edit. */
  currentDocsDir: 'content/docs',
  file: 'versions.json',
  docsRoot: 'versioned_docs',
  openApiRoot: 'versioned_openapi',
  docsDir: (label: string) => `versioned_docs/version-${label}`,
  openApiDir: (label: string) => `versioned_openapi/${label}`,
};

/**
 * The name of the version writers edit (Docusaurus's `current`): its search tag is
 * `docs-default-current` and the stored preference holds it. A snapshot may not take it.
 */
export const currentVersionName = 'current';

/**
 * A label is a path segment of its routes (`/docs/2.9.0/`) and of the project's folders: letters,
 * digits, `.`, `_` and `-`, starting with a letter or digit (so never `.` or `..`), at most 64.
 */
const labelPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why `label` cannot name a version, or undefined when it can. */
export function labelProblem(label: string): string | undefined {
  if (!labelPattern.test(label))
    return `a version label must be a path segment of letters, digits, ".", "_" and "-", starting with a letter or digit (at most 64 characters): ${JSON.stringify(label)} is not`;
  if (label === currentVersionName)
    return `"${currentVersionName}" names the version writers edit; choose another label`;
  return undefined;
}

/** A snapshot as versions.json records it. */
export interface VersionEntry {
  label: string;
  /** Its OpenAPI description's root file, below `versioned_openapi/<label>/` (absent: the site had none). */
  openapi?: string;
}

const entrySchema = z.strictObject({
  label: z.string().superRefine((label, context) => {
    const problem = labelProblem(label);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  openapi: z
    .string()
    .refine(
      (file) => file !== '' && !path.posix.isAbsolute(file) && !file.split('/').some((part) => part === '..'),
      'must be a path inside the snapshot\'s folder, such as "openapi.yaml"',
    )
    .optional(),
});
const versionsSchema = z.array(entrySchema);

/** The snapshots versions.json lists, newest first; none when the project has no versions.json. */
export async function readVersionsFile(root: string): Promise<VersionEntry[]> {
  const file = path.join(root, versionsLayout.file);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DocsgenError(`cannot read the versions file: ${error.message}`, { file });
  });
  return source === undefined ? [] : parseVersionsFile(source, file);
}

/** versions.json's entries, each mistake located at its line and column. */
export function parseVersionsFile(source: string, file: string): VersionEntry[] {
  // JSON is YAML: js-yaml reads it, bounded, and says where it fails.
  const data = loadYamlFile(source, file, 'versions file does not parse');
  const at = (keys: (string | number)[]) => {
    const position = yamlLocator(source)(keys) ?? { line: 1, column: 1 };
    return { location: { file, ...position }, excerpt: lineOf(source, position.line) };
  };
  const parsed = versionsSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keys = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
    const { location, excerpt } = at(keys as (string | number)[]);
    const what =
      issue.code === 'unrecognized_keys'
        ? `unknown key "${issue.keys[0]}": an entry has "label" and "openapi"`
        : issue.message;
    throw new DocsgenError(
      `versions file: ${what} (it lists the snapshots, newest first: [{"label": "2.9.0", "openapi": "openapi.yaml"}])`,
      location,
      excerpt,
    );
  }
  const seen = new Set<string>();
  for (const [index, { label }] of parsed.data.entries()) {
    if (seen.has(label)) {
      const { location, excerpt } = at([index, 'label']);
      throw new DocsgenError(`versions file: version "${label}" is listed twice`, location, excerpt);
    }
    seen.add(label);
  }
  return parsed.data;
}
