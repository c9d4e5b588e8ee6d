import type { DocsgenConfig } from '../config/schema.ts';
import { withBase } from '../model/paths.ts';
import type { PageRecord, SearchRecord } from '../model/searchRecord.ts';
import { createRecordWalker } from './recordWalker.ts';

/** A built page as search indexing sees it (the crawl, crawlSearchRecords.ts, reads its HTML). */
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

/** DocSearch's weight.level of a record by its type. */
export const levelWeight = { lvl1: 90, lvl2: 80, lvl3: 70, lvl4: 60, lvl5: 50, lvl6: 40, content: 0 } as const;

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

/** Records of one page in the DocSearch shape, numbered and weighted in page order. */
export function siteRecordsOf(page: Omit<SearchPageInput, 'html'>, records: PageRecord[], config: DocsgenConfig): SearchRecord[] {
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
