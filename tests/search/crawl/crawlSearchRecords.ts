import { unified, type Plugin } from 'unified';
import { parse } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { select } from 'hast-util-select';
import type { Root } from 'hast';
import { VFile } from 'vfile';
import type { DocsgenConfig } from '../../../src/config/schema.ts';
import type { SearchRecord } from '../../../src/model/searchRecord.ts';
import { rehypeDocRecords } from './rehypeDocRecords.ts';
import { rehypeApiRecords } from './rehypeApiRecords.ts';
import { defaultTag, describedRecords, siteRecordsOf } from '../../../src/search/buildSearchRecords.ts';

/** A built page as the crawl reads it: its final HTML, and what a crawler's configuration says of it. */
export interface CrawledPage {
  route: string;
  html: string;
  /** Top-level group a reader recognises: the sidebar category, 'API reference', … */
  lvl0: string;
  /** Which of the crawler's page layouts it has (DocSearch configs name them by selector). */
  kind: 'doc' | 'home' | 'api';
}

/*
 * Records read from a page's final HTML, the way a crawler (DocSearch's) reads it. The build
 * reads no page this way: every page gives its records from its own model. This crawl is the
 * tests' oracle, which checks that it finds the same records on every built page; kept apart so
 * that the build never loads an HTML parser.
 */

function extractionFor(kind: CrawledPage['kind']): [Plugin<[any?], Root>, any?] {
  if (kind === 'api') return [rehypeApiRecords];
  return [rehypeDocRecords, { selector: kind === 'doc' ? 'article .markdown' : 'main' }];
}

/** The part of a page records come from: its `<main>`, code blocks emptied (never indexed). */
function searchableHtml(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end + '</main>'.length) : html;
  return main.replace(/<pre[\s>][\s\S]*?<\/pre>/g, '<pre></pre>');
}

/** One page's records in the DocSearch shape, in page order, read from its final HTML. */
export function pageSearchRecords(page: CrawledPage, config: DocsgenConfig): SearchRecord[] {
  const [plugin, options] = extractionFor(page.kind);
  const file = new VFile({ path: page.route });
  unified()
    .use(plugin, options)
    .runSync(fromParse5(parse(searchableHtml(page.html))) as Root, file);
  const records = file.data.searchRecords ?? [];
  // A crawler reads the page's description from its head; every shipped page has one of its own
  // (a page without one shows the site's tagline there, which its record does not carry).
  // The contextual-search tag, as DocSearch's crawler reads it: the page's docsearch meta tag, else 'default'.
  const tag = /<meta name="docsearch:docusaurus_tag" content="([^"]*)"/.exec(page.html)?.[1] ?? defaultTag;
  if (page.kind === 'doc')
    return siteRecordsOf({ ...page, tag }, describedRecords(records, metaDescription(page.html)), config);
  return siteRecordsOf({ ...page, tag }, records, config);
}

function metaDescription(html: string): string | undefined {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const content = select('meta[name="description"]', fromParse5(parse(head)) as Root)?.properties.content;
  return typeof content === 'string' ? content : undefined;
}
