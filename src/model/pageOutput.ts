import type { SearchRecord } from './searchRecord.ts';

/** A link as written in a source, for the link check. */
export interface LinkSource {
  /** File the link was written in (content file, or the generated page for theme links). */
  file: string;
  line: number;
  column: number;
  href: string;
  /** A relative `.md` link whose file is not a page, or an image that is not there (known before any HTML exists). */
  missingFile?: boolean;
  /** An image, not a link. */
  image?: boolean;
  /** For a missing file: the closest one there is, as the writer would write it. */
  suggestion?: string;
  /**
   * A link of the API description to an anchor (`#parameter-fields`), checked as the page it is
   * shown on (`href`: `/api/files/#parameter-fields`) and reported, when broken, as a warning:
   * authors write them for their own site's pages (Box's, GitHub's, Stripe's), and the team
   * building the site cannot fix them there. Found by `written` after `near` (the first line
   * of the description it is in), since the reference renders descriptions without their place.
   */
  description?: { written: string; near: string };
}

/**
 * A page's search records as the render cache keeps them: what the search index reads of a page it
 * neither tokenizes nor compresses again (their number, their page's URL, and their groups and tags
 * as runs), and where the records themselves are, read only for the pages that need them
 * (src/search/keptRecords.ts): the records cache (`cache`, a page's fields' entry kept by routeCache)
 * or their JSON (`json`, a route kept whole with its content). Read into objects, the records of
 * 1,000 varied pages were 26.8 of the 28.2 MB of JSON a CI build (its cache restored, one page
 * edited) decoded, and what its collector copied most; kept beside the fields, read and checksummed.
 */
export interface KeptRecords {
  count: number;
  /** Every record's `url_without_anchor`; absent when they are not all one (the records are then read). */
  url?: string;
  /** Each run of records with one `hierarchy.lvl0` and one `docusaurus_tag`: [lvl0, tag, records], in order. */
  runs?: [lvl0: string, tag: string, records: number][];
  /** The records, a JSON array (a route kept whole); else they are in `cache`. */
  json?: Uint8Array;
  /** The records cache's folder (src/search/keptRecords.ts), where they are kept under the page's `recordsDigest`: set when the page is read from the cache, never kept. */
  cache?: string;
}

/** What the build keeps of a written page: enough to check links, index it and list it. */
export interface PageOutput {
  route: string;
  /** Every id on the page, for anchor checks. */
  ids: string[];
  /** Those of `ids` the theme's shell holds around the content (its sidebar, its mobile menu): targets, never suggested for a missing anchor. */
  shellIds?: string[];
  links: LinkSource[];
  /** The page's search records, taken where it was rendered (its HTML is not kept). */
  records?: SearchRecord[];
  /** Instead of `records`, in a page taken from the render cache: those records as it kept them, read only when needed. */
  keptRecords?: KeptRecords;
  /** The digest of `records` (src/search/recordsDigest.ts), when the page comes from the render cache, which keeps it with the page. */
  recordsDigest?: string;
  /** Every internal link of its HTML, the theme's included (only when a build is asked to read them: check-links). */
  generatedLinks?: LinkSource[];
  /** Its external links, located in its HTML (only when a build is asked to read them: check-links --external). */
  externalLinks?: LinkSource[];
}

/** Every id of a page's HTML, decoded, for the anchor check. */
export function idsIn(html: string): string[] {
  const ids: string[] = [];
  for (const match of html.matchAll(/\sid="([^"]+)"/g))
    ids.push(match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  // Copies, not substrings: V8 keeps a string's whole parent alive for any slice of it, and the
  // build keeps ids to the end, so each page rendered in the main thread was kept whole (62 of
  // GitHub's reference pages, 52 MB). A worker's ids are copied anyway when they are posted.
  return structuredClone(ids);
}

/** The element every page's content is in (the client's navigation swaps it); the ids outside it are the shell's. */
const contentStart = '<main id="__docsgen_content"';

/**
 * A page's ids (`idsIn`), with those of its shell apart: outside its content element, and that
 * element's own. The page as one string, or as the pieces it is written from in order (an API
 * reference's page: src/render/renderPage.ts), where no tag is split between two pieces.
 */
export function pageIdsIn(html: string | readonly string[]): Pick<PageOutput, 'ids' | 'shellIds'> {
  const pieces = typeof html === 'string' ? [html] : html;
  const ids = pieces.flatMap(idsIn);
  const first = pieces.findIndex((piece) => piece.includes(contentStart));
  const last = pieces.findLastIndex((piece) => piece.includes('</main>'));
  if (first === -1 || last === -1) return { ids };
  const start = pieces[first].indexOf(contentStart);
  const end = pieces[last].lastIndexOf('</main>');
  if (last < first || (last === first && end < start)) return { ids };
  const opening = pieces[first].slice(0, pieces[first].indexOf('>', start) + 1);
  return {
    ids,
    shellIds: [
      ...pieces.slice(0, first).flatMap(idsIn),
      ...idsIn(opening),
      ...idsIn(pieces[last].slice(end)),
      ...pieces.slice(last + 1).flatMap(idsIn),
    ],
  };
}
