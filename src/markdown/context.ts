import type { VFile } from 'vfile';
import { DocsgenError } from '../errors.ts';
import type { Variables } from '../content/variables.ts';
import type { PageRecord } from '../model/searchRecord.ts';

/** What the Markdown plugins need to know about the page they are processing and its site. */
export interface MarkdownContext {
  /** Path of the page below content/docs, e.g. `guides/webhooks.md`. */
  relativePath: string;
  /** Route of every page by its relative path, for resolving `.md` links. */
  routes: ReadonlyMap<string, string>;
  /** The `{{name}}` substitutions. */
  variables: Variables;
  /** The path the site is served under (config `baseUrl`): site links and images get it. */
  baseUrl?: string;
  /** The images beside the pages, by their path below content/docs (a page without them shows none). */
  images?: ReadonlyMap<string, ImageAsset>;
  /**
   * The page's title, which the theme shows as its `<h1>` when the Markdown has no `#` heading:
   * the page's search records then start with it.
   */
  title?: string;
  /**
   * Set for a fragment of the OpenAPI description: HTML in it is cleaned and kept, not shown as
   * text, and images from other origins than `imageOrigins` (which the CSP allows) become links.
   */
  descriptionHtml?: {
    imageOrigins: readonly string[];
    /** The level of the heading the fragment is shown under: its own headings go below it (rehypeDescriptionHeadings). */
    headingsBelow?: number;
  };
  /**
   * The `<code>` HTML of the blocks this page showed in the last build, by their keys (what the
   * HTML is made from: language, code, highlighted lines, numbering; src/pages/keptCode.ts).
   * Given, the page's blocks are recorded (`codeBlocks`) for the next build.
   */
  keptCode?: ReadonlyMap<string, string>;
}

/** An image as a page shows it: its served copy and its size. */
export interface ImageAsset {
  /** Site path, before the base (`/assets/diagram-1a2b3c4d.png`). */
  url: string;
  width?: number;
  height?: number;
}

/** A link a page's Markdown makes, with where it is written (for the link check). */
export interface OutgoingLink {
  /** The resolved site-relative URL, e.g. `/docs/faq/#rate-limits`. */
  href: string;
  /** The URL as written in the source. */
  written: string;
  line: number;
  column: number;
  /** A relative `.md` link whose file is not a page, or an image that is not there. */
  missingFile: boolean;
  /** An image (`![x](./a.png)`), not a link. */
  image?: boolean;
  /** For a missing file: the closest one there is. */
  suggestion?: string;
}

/** A heading of the page's table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** What the plugins learn about a page while processing it. */
export interface MarkdownData {
  context: MarkdownContext;
  title?: string;
  toc: TocEntry[];
  links: OutgoingLink[];
  /** The page's search records (see rehypeMarkdownRecords). */
  records: PageRecord[];
  /** Its highlighted blocks' keys and `<code>` HTML, in order, when the context has `keptCode`. */
  codeBlocks?: { key: string; html: string }[];
}

/** What the plugins record on a file while it is rendered, typed. */
export function markdownData(file: VFile): MarkdownData {
  return file.data as unknown as MarkdownData;
}

interface Positioned {
  position?: { start: { line: number; column: number } };
}

/** An error at a node of the page being processed. */
export function errorAt(file: VFile, node: Positioned, message: string): DocsgenError {
  const start = node.position?.start;
  const source = String(file.value);
  return new DocsgenError(
    message,
    { file: file.path, line: start?.line, column: start?.column },
    start ? source.split('\n')[start.line - 1] : undefined,
  );
}
