import { unified, type Plugin } from 'unified';
import { parse } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { select } from 'hast-util-select';
import type { Root } from 'hast';
import { VFile } from 'vfile';
import type { DocsgenConfig } from '../config/schema.ts';
import { withBase } from '../model/paths.ts';
import { rehypeDocRecords } from './plugins/rehypeDocRecords.ts';
import { rehypeApiRecords } from './plugins/rehypeApiRecords.ts';
import type { PageRecord, SearchRecord } from '../model/searchRecord.ts';
import { apiRecords } from './apiRecords.ts';
import { createRecordWalker } from './plugins/recordWalker.ts';
import type { ApiReferenceData } from '../model/apiReference.ts';

/** A built page as search indexing sees it. */
export interface SearchPageInput {
  route: string;
  /** The page's final HTML. */
  html: string;
  /** Top-level group a reader recognises: the sidebar category, 'API reference', … */
  lvl0: string;
  kind: 'doc' | 'home' | 'api';
}

/** The docs have one version, Docusaurus's `current`; its search tag is `docs-default-current`. */
export const docsVersionTag = 'docs-default-current';
export const defaultTag = 'default';
export const searchLanguage = 'en';

const levelWeight = { lvl1: 90, lvl2: 80, lvl3: 70, lvl4: 60, lvl5: 50, lvl6: 40, content: 0 } as const;

function extractionFor(kind: SearchPageInput['kind']): [Plugin<[any?], Root>, any?] {
  if (kind === 'api') return [rehypeApiRecords];
  return [rehypeDocRecords, { selector: kind === 'doc' ? 'article .markdown' : 'main' }];
}

/**
 * The part of a page records come from: its `<main>`, code blocks emptied (never indexed), parsed
 * without source positions. The build reads no page this way (every page gives its records from
 * its own model); this crawl is the tests' oracle: they check it finds the same records on every built page.
 */
function searchableHtml(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end + '</main>'.length) : html;
  return main.replace(/<pre[\s>][\s\S]*?<\/pre>/g, '<pre></pre>');
}

/** One page's records in the DocSearch shape, in page order, read from its final HTML. */
export function pageSearchRecords(page: SearchPageInput, config: DocsgenConfig): SearchRecord[] {
  const [plugin, options] = extractionFor(page.kind);
  const file = new VFile({ path: page.route });
  unified().use(plugin, options).runSync(fromParse5(parse(searchableHtml(page.html))) as Root, file);
  const records = file.data.searchRecords ?? [];
  // A crawler reads the page's description from its head; every shipped page has one of its own
  // (a page without one shows the site's tagline there, which its record does not carry).
  return page.kind === 'doc' ? docPageSearchRecords(page, records, metaDescription(page.html), config) : siteRecordsOf(page, records, config);
}

function metaDescription(html: string): string | undefined {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const content = select('meta[name="description"]', fromParse5(parse(head)) as Root)?.properties.content;
  return typeof content === 'string' ? content : undefined;
}

/**
 * `/api/`'s records from the reference model (the searchable parts laid out as the page lays
 * them out): the same as reading its final HTML, without parsing the 1 MB page.
 */
export function apiPageSearchRecords(reference: ApiReferenceData, lvl0: string, config: DocsgenConfig): SearchRecord[] {
  return siteRecordsOf({ route: '/api/', lvl0, kind: 'api' }, apiRecords(reference), config);
}

/**
 * The home page's records from its content: the site's title and tagline (its hero), then each
 * card's title and description, as the page shows them (a test crawls the built page and finds the same).
 */
export function homePageSearchRecords(home: { title: string; tagline: string; cards: { title: string; description: string }[] }, config: DocsgenConfig): SearchRecord[] {
  const walker = createRecordWalker();
  const text = (value: string) => value.replace(/\s+/g, ' ').trim();
  walker.heading(1, text(home.title), null);
  walker.content(text(home.tagline));
  for (const card of home.cards) {
    walker.heading(2, text(card.title), null);
    walker.content(text(card.description));
  }
  return siteRecordsOf({ route: '/', lvl0: 'Home', kind: 'home' }, walker.records, config);
}

/**
 * A docs page's records from those its Markdown gave while it was rendered (no HTML parsed): the
 * same as reading its final HTML. The description the writer gave the page (its
 * `<meta name="description">`) follows its title as the first content record: what the page is
 * about, in the writer's words, found by the words a reader asks with ("authenticate requests")
 * when the page's headings and prose use others. As content, it never outranks a section whose
 * heading holds the query.
 */
export function docPageSearchRecords(page: Omit<SearchPageInput, 'html' | 'kind'>, records: PageRecord[], description: string | undefined, config: DocsgenConfig): SearchRecord[] {
  const summary = description?.replace(/\s+/g, ' ').trim();
  const described = summary && records[0]?.type === 'lvl1' ? [records[0], { ...records[0], type: 'content' as const, content: summary }, ...records.slice(1)] : records;
  return siteRecordsOf({ ...page, kind: 'doc' }, described, config);
}

function siteRecordsOf(page: Omit<SearchPageInput, 'html'>, records: PageRecord[], config: DocsgenConfig): SearchRecord[] {
  const pageUrl = `${config.url.replace(/\/$/, '')}${withBase(config.baseUrl, page.route)}`;
  return records.map((record, position) => ({
    objectID: `${page.route}#${position}`,
    url: record.anchor ? `${pageUrl}#${record.anchor}` : pageUrl,
    url_without_anchor: pageUrl,
    anchor: record.anchor,
    type: record.type,
    hierarchy: { lvl0: page.lvl0, ...record.hierarchy },
    content: record.content,
    language: searchLanguage,
    docusaurus_tag: page.kind === 'doc' ? docsVersionTag : defaultTag,
    weight: { pageRank: 0, level: levelWeight[record.type], position },
  }));
}

/** Every page's records, pages in route order (whatever order they were built in). */
export function siteSearchRecords(pages: { route: string; records?: SearchRecord[] }[]): SearchRecord[] {
  return pages
    .filter((page) => page.records)
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .flatMap((page) => page.records!);
}
