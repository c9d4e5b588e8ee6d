import { hierarchyLevels, type Hierarchy, type RecordType } from '../../../model/searchRecord.ts';
import { tokenize } from '../../../search/tokenize.ts';
import type { ReadSearchRequest } from '../searchParams.ts';
import type { HighlightField, SearchHit, SearchResult } from '../searchResponse.ts';
import { highlightText, snippetText, type HighlightTags, type QueryWord } from './highlightText.ts';
import type { IndexReader } from './indexReader.ts';
import { matchTerms, type TermMatch } from './matchTerms.ts';
import { rankRecords } from './rankRecords.ts';

/** The search input's limit (spec §5); longer queries are cut, as the modal cuts them. */
const maxQueryLength = 64;

/**
 * Answers one request from the local index exactly as the hosted service would: hits with
 * `_highlightResult` and `_snippetResult` (escaped text, only the highlight tags added), `nbHits`,
 * paging and a `queryID`. Facet filters (the contextual search's language and docs version) are
 * applied in the ranking: only the records that pass compete for the page and count in `nbHits`.
 */
export async function searchLocalIndex(reader: IndexReader, request: ReadSearchRequest): Promise<SearchResult> {
  const started = performance.now();
  const query = request.query.slice(0, maxQueryLength);
  const typed = tokenize(query);
  // The last word is a prefix while it is being typed, as Algolia's default queryType prefixLast.
  const typing = typed.length > 0 && !/\s$/.test(query);
  const words = withoutStopWords(typed);
  const lastIsPrefix = typing && words.length === typed.length;
  const { hitsPerPage, page } = request;
  const { matches, ranked } = await rankByTier(
    reader,
    await matchTerms(reader, words, lastIsPrefix),
    hitsPerPage,
    hitsPerPage * (page + 1),
    reader.passing(request.facetFilters),
  );
  const ids = ranked.ids.slice(hitsPerPage * page);
  const places = ids.map(reader.recordPlace);
  const chunks = new Map(
    await Promise.all(
      [...new Set(places.map(([chunk]) => chunk))].map(async (chunk) => [chunk, await reader.records(chunk)] as const),
    ),
  );
  const queryWords: QueryWord[] = words.map((text, index) => ({
    text,
    isPrefix: lastIsPrefix && index === words.length - 1,
    terms: new Map(matches[index].map((match) => [match.term, match.prefix])),
  }));
  const tags: HighlightTags = {
    pre: request.highlightPreTag,
    post: request.highlightPostTag,
    ellipsis: request.snippetEllipsisText,
  };
  const hits = places.map(([chunk, place]) => {
    const [objectID, url, type, levels, content] = chunks.get(chunk)![place];
    const hierarchy = Object.fromEntries(hierarchyLevels.map((level, i) => [level, levels[i]])) as Hierarchy;
    return formatHit({ objectID, url, type: type as RecordType, hierarchy, content }, request, queryWords, tags);
  });
  return {
    hits,
    nbHits: ranked.total,
    page,
    nbPages: Math.ceil(ranked.total / hitsPerPage),
    hitsPerPage,
    exhaustiveNbHits: true,
    query,
    params: '',
    index: request.indexName,
    queryID: randomQueryId(),
    processingTimeMS: Math.round(performance.now() - started),
  };
}

/**
 * Which matches a query uses, widened step by step so that it fetches the postings of variants
 * only when they can change the answer (exact matches outrank the others anyway): exact words;
 * then the most frequent completions of the word being typed (1, 3, then all kept), while the
 * hits fill less than a page; then, when nothing matched, one typo in the words that matched
 * nothing exactly, and last one typo in every word (Algolia's typoTolerance `min`). The steps
 * do not depend on the page asked for, so the pages of one query agree.
 */
async function rankByTier(
  reader: IndexReader,
  all: TermMatch[][],
  pageSize: number,
  limit: number,
  passing: Uint8Array | undefined,
) {
  const exact = (match: TermMatch) => match.typos === 0;
  const completions = (count: number) => (match: TermMatch, word: TermMatch[]) =>
    exact(match) && (!match.prefix || word.filter((other) => exact(other) && other.prefix).indexOf(match) < count);
  const steps: { keep: (match: TermMatch, word: TermMatch[]) => boolean; when: (total: number) => boolean }[] = [
    { keep: completions(0), when: () => true },
    ...[1, 3, Infinity].map((count) => ({ keep: completions(count), when: (total: number) => total < pageSize })),
    { keep: (match, word) => exact(match) || !word.some(exact), when: (total) => total === 0 },
    { keep: () => true, when: (total) => total === 0 },
  ];
  let previous: TermMatch[][] | undefined;
  let result = { matches: all, ranked: { ids: [] as number[], total: 0 } };
  for (const step of steps) {
    if (!step.when(result.ranked.total)) break;
    const matches = all.map((word) => word.filter((match) => step.keep(match, word)));
    if (previous && matches.every((word, i) => word.length === previous![i].length)) continue;
    previous = matches;
    result = { matches, ranked: await rankRecords(reader, matches, limit, { passing }) };
  }
  // No record has every word: ask again with every word optional, records with more words first
  // (the crawler's removeWordsIfNoResults: 'allOptional').
  if (result.ranked.total === 0 && all.length > 1)
    result = { matches: all, ranked: await rankRecords(reader, all, limit, { optional: true, passing }) };
  return result;
}

/**
 * English words too common to narrow a search ("how do I verify a webhook"): left out of the
 * query, as a hosted index with removeStopWords leaves them out, unless the query is nothing else.
 */
const stopWords = new Set(
  'a about after again all also an and any are as at be because been before being both but by can could did do does doing during each for from further had has have having here how i if in into is it its just me more most my no nor not of off on once only or other our out over own same should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your'.split(
    ' ',
  ),
);

function withoutStopWords(words: string[]): string[] {
  const kept = words.filter((word) => !stopWords.has(word));
  return kept.length > 0 ? kept : words;
}

function formatHit(hit: SearchHit, request: ReadSearchRequest, words: QueryWord[], tags: HighlightTags): SearchHit {
  const highlight: NonNullable<SearchHit['_highlightResult']> = { hierarchy: {} };
  const snippet: NonNullable<SearchHit['_snippetResult']> = { hierarchy: {} };
  for (const level of hierarchyLevels) {
    const text = hit.hierarchy[level];
    if (text === null) continue;
    highlight.hierarchy![level] = highlightText(text, words, tags);
    const size = request.snippetWords.get(`hierarchy.${level}`);
    if (size) snippet.hierarchy![level] = snippetText(text, words, size, tags);
  }
  if (hit.content !== null) {
    highlight.content = highlightText(hit.content, words, tags);
    const size = request.snippetWords.get('content');
    if (size) snippet.content = snippetText(hit.content, words, size, tags) as HighlightField;
  }
  return {
    ...retrieved(hit, request.attributesToRetrieve),
    objectID: hit.objectID,
    _highlightResult: highlight,
    _snippetResult: snippet,
  };
}

/** Only the attributes asked for (`hierarchy.lvl0` keeps that level of the hierarchy). */
function retrieved(hit: SearchHit, attributes: string[] | undefined): SearchHit {
  if (!attributes || attributes.includes('*')) return hit;
  const out: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const [field, level] = attribute.split('.');
    const value = (hit as unknown as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (level && field === 'hierarchy')
      out.hierarchy = { ...(out.hierarchy as object), [level]: hit.hierarchy[level as keyof Hierarchy] };
    else out[field] = value;
  }
  return out as unknown as SearchHit;
}

function randomQueryId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
