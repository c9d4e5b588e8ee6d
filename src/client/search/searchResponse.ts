import type { Hierarchy, RecordType } from '../../model/searchRecord.ts';

/** What the modal and the search page read from either backend: the hosted service's response shape. */

export interface HighlightField {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords?: string[];
}

/** A hit as a search backend answers it: the record's fields with their highlighted and snippeted forms. */
export interface SearchHit {
  objectID: string;
  url: string;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  _highlightResult?: { hierarchy?: Partial<Record<keyof Hierarchy, HighlightField>>; content?: HighlightField };
  _snippetResult?: { hierarchy?: Partial<Record<keyof Hierarchy, HighlightField>>; content?: HighlightField };
}

/** One query's answer: its hits and how many there are in all. */
export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  queryID?: string;
  index?: string;
  processingTimeMS?: number;
  exhaustiveNbHits?: boolean;
}

/** The one call both backends answer: a multi-index query. */
export interface SearchClient {
  search(body: {
    requests: { indexName: string; query: string; params: string }[];
  }): Promise<{ results: SearchResult[] }>;
}
