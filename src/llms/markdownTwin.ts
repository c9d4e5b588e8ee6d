import { encodePath } from '../model/paths.ts';
import { substituteVariables, type Variables } from '../content/variables.ts';
import { headingTitle } from '../content/headingTitle.ts';
import { lineRangeOf, MagicCommentError, withoutMagicComments } from '../markdown/magicComments.ts';
import { forEachProseLine, proseLines } from '../markdown/proseLines.ts';

/** A docs page as the AI-ready files see it: plain data, taken from the Site. */
export interface TwinPage {
  route: string;
  title: string;
  description?: string;
  /** The page's Markdown, front matter blanked out (as discoverPages keeps it). */
  markdown: string;
  /** Its path below content/docs, to resolve relative `.md` links. */
  relativePath: string;
  /** The top sidebar category it belongs to (llms.txt's section). */
  section?: string;
  /** Markdown the page shows above the writer's prose that they did not write (the changelog's API changes), links absolute. */
  generated?: string;
}

/** What every twin needs of the site: its URL, variables, page routes and image URLs. */
export interface TwinContext {
  /** The site's absolute URL with its base path, ending in '/'. */
  siteUrl: string;
  variables: Variables;
  /** Route of every docs page by its path below content/docs. */
  routes: ReadonlyMap<string, string>;
  /** Site path of the served copy of every image beside the pages, by its path below content/docs. */
  images: ReadonlyMap<string, string>;
}

/**
 * A docs page's Markdown as an LLM or a reader pasting it should get it: the writer's Markdown
 * as written (directives included, which read as plain labelled blocks), without front matter,
 * with variables resolved, the title as a `# ` heading when the page has none, every link
 * to the site made absolute so it still leads somewhere once pasted elsewhere, and code without
 * its `highlight-…` comments, as the page's copy buttons give it.
 */
export function markdownTwin(page: TwinPage, context: TwinContext): string {
  const resolved = substituteVariables(page.markdown, context.variables);
  // An unknown variable is reported by the page's own render; the twin keeps the text as written.
  const text = (typeof resolved === 'string' ? resolved : page.markdown).replace(/^\s*\n/, '');
  const body = absoluteLinks(withoutHighlightComments(text), page, context).trimEnd();
  const heading = headingTitle(page.markdown) === undefined ? `# ${page.title.replace(/\s+/g, ' ').trim()}\n\n` : '';
  return `${heading}${withGenerated(body, page.generated, heading === '')}\n`;
}

/** The body with the generated Markdown where the page shows it: after the writer's `# ` title when they wrote one, else first. */
function withGenerated(body: string, generated: string | undefined, ownTitle: boolean): string {
  if (!generated) return body;
  const lines = body.split('\n');
  const title = ownTitle ? proseLines(lines).find((index) => /^\s{0,3}#\s/.test(lines[index])) : undefined;
  const at = title === undefined ? 0 : title + 1;
  return [...lines.slice(0, at), ...(at > 0 ? [''] : []), generated.trimEnd(), '', ...lines.slice(at)].join('\n');
}

/** Fenced code without the lines that are `highlight-…` comments (magicComments.ts); a block whose comments are not paired is left as written. */
function withoutHighlightComments(markdown: string): string {
  if (!markdown.includes('highlight-')) return markdown;
  const lines = markdown.split('\n');
  const kept: string[] = [];
  let block: { fence: string; info: string; code: string[] } | undefined;
  for (const line of lines) {
    const opening = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!block) {
      kept.push(line);
      if (opening) block = { fence: opening[1], info: opening[2].trim(), code: [] };
      continue;
    }
    const run = /^ {0,3}([`~]+)[ \t]*$/.exec(line)?.[1];
    if (!run || run[0] !== block.fence[0] || run.length < block.fence.length) {
      block.code.push(line);
      continue;
    }
    const [language, ...meta] = block.info.split(/\s+/);
    if (block.code.length > 0)
      kept.push(...codeWithoutHighlightComments(block.code.join('\n'), language, meta.join(' ')).split('\n'));
    kept.push(line);
    block = undefined;
  }
  if (block) kept.push(...block.code);
  return kept.join('\n');
}

function codeWithoutHighlightComments(code: string, language: string | undefined, meta: string): string {
  try {
    return lineRangeOf(meta) === undefined ? withoutMagicComments(code, language?.toLowerCase()).code : code;
  } catch (error) {
    // The page's own render reports it, at its line.
    if (error instanceof MagicCommentError) return code;
    throw error;
  }
}

/** Inline code spans (`` `…` ``) hidden behind placeholders of the same length, so nothing inside them is touched. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, (span) => '\u0000'.repeat(span.length));
}

/** The first sentence of a page's first paragraph: its one-line description when the front matter gives none. */
export function firstSentence(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  for (const index of proseLines(lines)) {
    const line = lines[index].trim();
    if (!line || /^(#|:::|<|\||[-*+>]\s|\d+[.)]\s|!\[|import\s|\[[^\]]+\]:)/.test(line)) continue;
    const text = line
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]/g, '')
      .trim();
    if (!text) continue;
    return /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  }
  return undefined;
}

/**
 * Rewrites the destinations of inline links and images (`](/docs/x/)`, `](./other.md#part)`)
 * and of link definitions (`[id]: /docs/x/`) that point into the site as absolute URLs,
 * outside code, leaving every other byte as written. Only the lines that may hold a link are cut
 * out of the text (splitting every page into lines and joining them again was ~30 MB of garbage
 * in a CI build of 1,000 varied pages).
 */
function absoluteLinks(markdown: string, page: TwinPage, context: TwinContext): string {
  let result = '';
  let copied = 0;
  // The next `](` from the line on: each line is searched once, not the rest of the text from each line.
  let nextLink = markdown.indexOf('](');
  forEachProseLine(markdown, (start, end) => {
    if (nextLink !== -1 && nextLink < start) nextLink = markdown.indexOf('](', start);
    linkDefinitionAt.lastIndex = start;
    if (!(nextLink !== -1 && nextLink < end) && !linkDefinitionAt.test(markdown)) return;
    const line = markdown.slice(start, end);
    const rewritten = absoluteLinksOfLine(line, page, context);
    if (rewritten === line) return;
    result += markdown.slice(copied, start) + rewritten;
    copied = end;
  });
  return copied === 0 ? markdown : result + markdown.slice(copied);
}

/** A link definition (`[id]: …`) at a line's start, read where the line starts in the text. */
const linkDefinitionAt = / {0,3}\[[^\]\n]+\]:/y;

function absoluteLinksOfLine(line: string, page: TwinPage, context: TwinContext): string {
  const masked = withoutCodeSpans(line);
  let result = '';
  let last = 0;
  // A destination in angle brackets may hold spaces (`](</docs/a b/>)`); then it ends at `>`.
  for (const match of masked.matchAll(
    /\]\(\s*(?:<([^<>\n]+)>|<?([^\s)>]+))|^ {0,3}\[[^\]]+\]:\s*(?:<([^<>\n]+)>|<?([^\s>]+))/g,
  )) {
    const url = match[1] ?? match[2] ?? match[3] ?? match[4];
    const at = match.index + match[0].lastIndexOf(url);
    const absolute = absoluteUrl(url, page, context);
    if (absolute === undefined) continue;
    result += line.slice(last, at) + absolute;
    last = at + url.length;
  }
  return last === 0 ? line : result + line.slice(last);
}
function absoluteUrl(url: string, page: TwinPage, context: TwinContext): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url) || url === '') return undefined;
  const base = context.siteUrl.replace(/\/$/, '');
  if (url.startsWith('/')) return base + encodePath(url);
  const [pathPart, hash] = url.split('#', 2) as [string, string | undefined];
  const target = new URL(pathPart, `file:///${page.relativePath}`).pathname.slice(1);
  const image = context.images.get(safeDecode(target));
  if (image !== undefined) return base + image;
  if (!/\.mdx?$/.test(pathPart)) return undefined;
  const route = context.routes.get(safeDecode(target));
  return route === undefined ? undefined : `${base}${encodePath(route)}${hash ? `#${hash}` : ''}`;
}

/** A percent-decoded path, or the path as it is when a stray `%` makes it undecodable. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
