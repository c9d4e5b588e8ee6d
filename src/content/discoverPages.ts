import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { DocsgenError, lineOf, type WrittenAt } from '../errors.ts';
import { filesAtOnce } from '../fs/filesAtOnce.ts';
import { loadYamlFile } from '../yaml/loadYamlFile.ts';
import { yamlLocator } from '../yaml/locateYamlPath.ts';
import { frontMatterValueAt, parseDocFrontMatter, type FrontMatter } from './frontMatter.ts';
import { openFrontMatterMemo, type FrontMatterMemo } from './frontMatterMemo.ts';
import { pageRoute, routeClashes } from './pageRoute.ts';
import type { Variables } from './variables.ts';
import { imageExtensions, readImage, type SiteImage } from './readImage.ts';

/** A docs page as read from content/docs: its file, route, front matter and Markdown. */
export interface SourcePage {
  /** Path below content/docs with forward slashes, e.g. `guides/index.md`. */
  relativePath: string;
  file: string;
  frontMatter: FrontMatter;
  /** The Markdown body with the front matter blanked out, so positions are the file's own. */
  markdown: string;
  route: string;
  /** Where the route is claimed: the slug's value, or else the file. */
  routeAt: WrittenAt;
  /** Mistakes that do not stop the page (unknown front-matter keys), printed as warnings. */
  warnings: DocsgenError[];
}

/** A folder's `_category_.yml`: its label and position in the sidebar. */
export interface CategoryMeta {
  /** Folder below content/docs, e.g. `how-to-guides`. */
  dir: string;
  label?: string;
  position?: number;
}

/** Everything content/docs holds: its pages, its folders' metadata and the images beside the pages. */
export interface ContentTree {
  pages: SourcePage[];
  categories: Map<string, CategoryMeta>;
  /** The images beside the pages, by path (readImage.ts). */
  images: SiteImage[];
  /** Every mistake found while reading, each at its place; the page or file it is in is left out. */
  errors: DocsgenError[];
  /** The pages left out for a mistake, with the route their file would have: links to them are not broken. */
  unreadable: UnreadablePage[];
}

/** A page that could not be read: its file, and the route the file gives it. */
export interface UnreadablePage {
  file: string;
  route: string;
}

/**
 * Reads every Markdown page, `_category_.yml` and image under `docsDir`, its pages' routes under
 * `docsBase`. A mistake in one file does not stop the others: every one is collected, so that a
 * build reports them all at once.
 */
export async function discoverPages(
  docsDir: string,
  variables: Variables,
  docsBase?: string,
  cacheDir?: string,
): Promise<ContentTree> {
  const entries = await readdir(docsDir, { recursive: true, withFileTypes: true }).catch((error) => {
    throw new DocsgenError(`cannot read the content folder: ${(error as Error).message}`, { file: docsDir });
  });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  // Synchronous: each read through libuv's pool (open, stat, read, close, and their promises) cost
  // this thread ~6× the reads' own time (1,062 small files: 66–97 ms of CPU against 11–15 ms).
  const read = files.map((file) => ({
    file,
    text: isCategoryFile(file) || file.endsWith('.md') ? readFileSync(file, 'utf8') : undefined,
  }));
  const pages: SourcePage[] = [];
  const categories = new Map<string, CategoryMeta>();
  const errors: DocsgenError[] = [];
  const unreadable: UnreadablePage[] = [];
  const images = await pMap(
    files.filter(isImageFile),
    (file) => readImage(file, path.relative(docsDir, file).split(path.sep).join('/'), errors),
    { concurrency: filesAtOnce },
  );
  const memo = cacheDir === undefined ? undefined : openFrontMatterMemo(cacheDir, docsDir, variables);
  for (const { file, text } of read) {
    if (text === undefined) continue;
    const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
    try {
      if (isCategoryFile(file))
        categories.set(path.posix.dirname(relativePath), readCategory(text, file, path.posix.dirname(relativePath)));
      else pages.push(readPage(text, file, relativePath, variables, docsBase, memo));
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      errors.push(error);
      const route = isCategoryFile(file) ? undefined : fileRoute(relativePath, file, docsBase);
      if (route) unreadable.push({ file, route });
    }
  }
  await memo?.save();
  pages.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  const clashes = routeClashes(pages);
  errors.push(...clashes.map((clash) => clash.error));
  const blamed = new Set(clashes.map((clash) => clash.page));
  for (const { relativePath, file } of blamed) {
    const route = fileRoute(relativePath, file, docsBase);
    if (route) unreadable.push({ file, route });
  }
  return { pages: pages.filter((page) => !blamed.has(page)), categories, images, errors, unreadable };
}

/** The route a page's file gives it, whatever its front matter says; undefined when the file's name cannot be one. */
function fileRoute(relativePath: string, file: string, docsBase?: string): string | undefined {
  try {
    return pageRoute({ relativePath, file, docsBase });
  } catch {
    return undefined;
  }
}

const isCategoryFile = (file: string) => ['_category_.yml', '_category_.yaml'].includes(path.basename(file));
const isImageFile = (file: string) => imageExtensions.has(path.extname(file).toLowerCase());

/** A docs page from its text: front matter checked, route worked out, the Markdown's lines kept where they were. */
export function readPage(
  raw: string,
  file: string,
  relativePath: string,
  variables: Variables,
  docsBase?: string,
  memo?: FrontMatterMemo,
): SourcePage {
  const { frontMatter, body, bodyLine, warnings } = parseDocFrontMatter(raw, file, variables, memo);
  const slugAt = frontMatter.slug === undefined ? undefined : frontMatterValueAt(raw, 'slug', file);
  return {
    relativePath,
    file,
    frontMatter,
    // CommonMark replaces U+0000 with U+FFFD (§2.3); done here, so the HTML, the Markdown twins,
    // llms-full.txt and search records all read the same text, and none carries a NUL.
    markdown: ('\n'.repeat(bodyLine - 1) + body).replaceAll('\0', '\uFFFD'),
    route: pageRoute({ relativePath, file, slug: frontMatter.slug, slugAt, docsBase }),
    routeAt: slugAt ?? { location: { file, line: 1, column: 1 } },
    warnings,
  };
}

function readCategory(source: string, file: string, dir: string): CategoryMeta {
  const data = loadYamlFile(source, file, 'malformed category file') ?? {};
  const refuse = (key: string, message: string) => {
    const position = yamlLocator(source)([key]);
    throw new DocsgenError(
      message,
      { file, line: position?.line ?? 1, column: position?.column ?? 1 },
      position && lineOf(source, position.line),
    );
  };
  const { label, position } = data as { label?: unknown; position?: unknown };
  if (label !== undefined && typeof label !== 'string') refuse('label', 'category label must be a string');
  // `.nan` and `.inf` are numbers to YAML, but have no place in an order.
  if (position !== undefined && !Number.isFinite(position))
    refuse('position', 'category position must be a finite number');
  return { dir, label: label as string | undefined, position: position as number | undefined };
}
