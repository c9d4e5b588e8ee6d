import { encodePath } from '../model/paths.ts';
import { firstSentence, markdownTwin, type TwinContext, type TwinPage } from './markdownTwin.ts';
import type { LlmsFullPart } from './llmsFullParts.ts';
import { twinMadeFrom } from './twinsOnce.ts';
import type { TextParts } from '../write/renderedRoute.ts';

/** What llms.txt lists: the site, its docs in reading order by section, and the API reference's files. */
export interface LlmsSite {
  title: string;
  summary: string;
  /** Every docs page, in reading order. */
  pages: TwinPage[];
  /** The same pages grouped by their top sidebar category. */
  sections: { title: string; pages: TwinPage[] }[];
  /** The API reference and its machine-readable files. */
  api: { title: string; href: string; description: string }[];
  /** The older versions (snapshots), newest first: each one's pages in reading order and its API reference. */
  olderVersions?: { label: string; pages: TwinPage[]; api?: string }[];
}

/** Where a docs page's Markdown twin is served: `<route>index.md`. */
export const twinRoute = (route: string) => `${route}index.md`;

/**
 * `/llms.txt`, in the llmstxt.org format: `# Title`, a `> summary`, a line on what else there
 * is, then one `## ` section per sidebar category listing each page's Markdown twin with a
 * one-line description, the API reference, and the older versions' pages under `## Optional`.
 * An entry leads to the page's Markdown twin, or to the page itself on a site without `twins`.
 * `fullFiles`: the files llms-full.txt's text is split into (none: it is in llms-full.txt itself).
 */
export function llmsTxt(
  site: LlmsSite,
  context: TwinContext,
  { twins = true, fullFiles = 0 }: { twins?: boolean; fullFiles?: number } = {},
): string {
  const base = context.siteUrl.replace(/\/$/, '');
  const linked = twins ? twinRoute : (route: string) => route;
  const lines = [
    ...head(site),
    twins
      ? `Every docs page below is Markdown (the page itself is at the same URL without \`index.md\`); ${base}/llms-full.txt ${fullFiles > 0 ? `lists the ${fullFiles} files that have them all` : 'has them all in one file'}, in reading order.`
      : fullFiles > 0
        ? `${base}/llms-full.txt lists the ${fullFiles} files that have every docs page below as Markdown, in reading order.`
        : `${base}/llms-full.txt has every docs page below as Markdown, in one file, in reading order.`,
  ];
  for (const section of site.sections) {
    lines.push('', `## ${oneLine(section.title)}`, '');
    for (const page of section.pages)
      lines.push(
        listItem(
          page.title,
          `${base}${encodePath(linked(page.route))}`,
          page.description ?? firstSentence(page.markdown),
        ),
      );
  }
  if (site.api.length > 0) {
    lines.push('', '## API reference', '');
    for (const entry of site.api) lines.push(listItem(entry.title, `${base}${entry.href}`, entry.description));
  }
  // Older versions last, as llmstxt.org's "Optional" section: what a reader needs only for an older API.
  if (site.olderVersions?.length) {
    lines.push('', '## Optional', '');
    for (const version of site.olderVersions) {
      const name = `version ${oneLine(version.label)}`;
      for (const page of version.pages)
        lines.push(
          listItem(
            `${page.title} (${name})`,
            `${base}${linked(page.route)}`,
            page.description ?? firstSentence(page.markdown),
          ),
        );
      if (version.api)
        lines.push(listItem(`API reference (${name})`, `${base}${version.api}`, `the API reference of ${name}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `/llms-full.txt`: every docs page's Markdown twin (the current version's), in reading order, each
 * headed by its URL; `twin` makes them (twinsOnce.ts's, where each page's own twin file is written too).
 * In parts, never joined: the writer digests and writes them as they are (TextParts). Each twin is
 * keyed by what it is made from (twinMadeFrom) and made only when needed: the writer copies the
 * twins of pages that did not change from the last build's file (1,000 varied pages with one
 * edited: one twin made, not 8 MB of them).
 */
export function llmsFullTxt(site: LlmsSite, context: TwinContext, twin = markdownTwin): TextParts {
  const base = context.siteUrl.replace(/\/$/, '');
  const head = `# ${oneLine(site.title)}\n\n> ${oneLine(site.summary)}\n`;
  const lines = site.pages.map((page) => `\n---\n\n<!-- ${base}${encodePath(page.route)} -->\n\n`);
  return {
    parts: [head, ...site.pages.flatMap((page, index) => [lines[index], () => twin(page, context)])],
    keys: () => [head, ...site.pages.flatMap((page, index) => [lines[index], twinMadeFrom(page, context)])],
  };
}

/**
 * `/llms-full.txt` when the docs' full text is too large for one file on the hosts a site deploys
 * to (`maxBytes` a file): the title and summary, then the files that hold it, in reading order.
 */
export function llmsFullIndex(site: LlmsSite, parts: LlmsFullPart[], context: TwinContext, maxBytes: number): string {
  const base = context.siteUrl.replace(/\/$/, '');
  const lines = [
    ...head(site),
    `The full text of every docs page would be larger than the ${Math.floor(maxBytes / 2 ** 20)} MiB a file some static hosts accept, so it is in ${parts.length} files, in reading order:`,
    '',
    ...parts.map((part, index) =>
      listItem(
        `Part ${index + 1}`,
        `${base}${part.route}`,
        `${part.sections.join(', ')} (${part.pages.length} ${part.pages.length === 1 ? 'page' : 'pages'})`,
      ),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** What the llms.txt format opens with: the site's name as the heading, its summary as a quote. */
function head(site: LlmsSite): string[] {
  return [`# ${oneLine(site.title)}`, '', `> ${oneLine(site.summary)}`, ''];
}

function listItem(title: string, url: string, description: string | undefined): string {
  const destination = url.replace(
    /[\s()<>]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  const link = `- [${escapeLinkText(oneLine(title))}](${destination})`;
  return description ? `${link}: ${oneLine(description)}` : link;
}

/** A title or description kept to one line, so it cannot start a heading or list item of its own. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (char) => `\\${char}`);
}
