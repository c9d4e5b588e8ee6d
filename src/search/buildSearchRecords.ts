import type { DocsgenConfig } from '../config/schema.ts';
import { withBase } from '../model/paths.ts';
import type { PageRecord, SearchRecord } from '../model/searchRecord.ts';

/**
 * Where a page's records belong, as its page source says: its route, the group a reader
 * recognises it by (`lvl0`: the sidebar category, 'API reference', …) and its contextual-search
 * tag (`docsVersionTag` for a versioned docs page, else `defaultTag`).
 */
export interface RecordPage {
  route: string;
  lvl0: string;
  tag: string;
}

/** The docs have one version, Docusaurus's `current`; its search tag is `docs-default-current`. */
export const docsVersionTag = 'docs-default-current';
/** The contextual-search tag of every page that is not a versioned docs page. */
export const defaultTag = 'default';
/** The docs' one language, as DocSearch's `language` facet. */
export const searchLanguage = 'en';

/** DocSearch's weight.level of a record by its type. */
export const levelWeight = { lvl1: 90, lvl2: 80, lvl3: 70, lvl4: 60, lvl5: 50, lvl6: 40, content: 0 } as const;

/**
 * A page's records with the description the writer gave it (its `<meta name="description">`)
 * after its title, as the first content record: what the page is about, in the writer's words,
 * found by the words a reader asks with ("authenticate requests") when the page's headings and
 * prose use others. As content, it never outranks a section whose heading holds the query.
 */
export function describedRecords(records: PageRecord[], description: string | undefined): PageRecord[] {
  const summary = description?.replace(/\s+/g, ' ').trim();
  return summary && records[0]?.type === 'lvl1'
    ? [records[0], { ...records[0], type: 'content' as const, content: summary }, ...records.slice(1)]
    : records;
}

/** Records of one page in the DocSearch shape, numbered and weighted in page order. */
export function siteRecordsOf(page: RecordPage, records: PageRecord[], config: DocsgenConfig): SearchRecord[] {
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
    docusaurus_tag: page.tag,
    weight: { pageRank: 0, level: levelWeight[record.type], position },
  }));
}
