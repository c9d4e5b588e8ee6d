/** A search record in the DocSearch shape: what the hosted index stores and the local index answers with. */

export const hierarchyLevels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** A level of a record's hierarchy. */
export type HierarchyLevel = (typeof hierarchyLevels)[number];

/** lvl0 is the group a reader recognises (sidebar category, 'API reference'); lvl1 the page title; lvl2–lvl6 the headings. */
export type Hierarchy = { lvl0: string } & Record<Exclude<HierarchyLevel, 'lvl0'>, string | null>;

/** A heading record is typed by its level; a paragraph, list item or table row is `content`. */
export type RecordType = Exclude<HierarchyLevel, 'lvl0'> | 'content';

/** A search record: one heading or paragraph of a page, with the headings above it. */
export interface SearchRecord {
  objectID: string;
  /** Absolute URL with the anchor of the nearest heading. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  /** Contextual-search facets, as Docusaurus writes them: `language:en`, `docusaurus_tag:docs-default-current`. */
  language: string;
  docusaurus_tag: string;
  /** DocSearch's custom ranking: pageRank, then heading level (lvl1 90 … content 0), then order in the page. */
  weight: { pageRank: number; level: number; position: number };
}

/** A record as a page's extraction yields it, before the site-wide fields are added. */
export interface PageRecord {
  type: RecordType;
  hierarchy: Omit<Hierarchy, 'lvl0'>;
  content: string | null;
  anchor: string | null;
}

/** The heading text of a record: its own level's value, or null for content. */
export function ownHeading(record: {
  type: RecordType;
  hierarchy: Omit<Hierarchy, 'lvl0'> | Hierarchy;
}): string | null {
  return record.type === 'content' ? null : record.hierarchy[record.type];
}

/**
 * What makes two records the same to a reader: one page, one kind, one text (the same "429 The rate
 * limit is exceeded" response under every operation of /api/). The index ranks a repeat below every
 * other hit; the modal shows it once.
 */
export function repeatKey(record: {
  url: string;
  type: RecordType;
  hierarchy: Omit<Hierarchy, 'lvl0'> | Hierarchy;
  content: string | null;
}): string {
  const text = ownHeading(record) ?? record.content ?? '';
  return `${record.url.split('#')[0]}\u0000${record.type}\u0000${text.replace(/\s+/g, ' ').trim().toLowerCase()}`;
}

/** A hierarchy below lvl0 with no heading yet. */
export function emptyHierarchy(): Omit<Hierarchy, 'lvl0'> {
  return { lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}
