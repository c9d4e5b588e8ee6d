import { wordsOf, type Word } from '../../../search/tokenize.ts';

/** A query word and the terms it matched; a word being typed also marks any term it begins. */
export interface QueryWord {
  text: string;
  /** Matched terms → whether the query word is only their beginning. */
  terms: Map<string, boolean>;
  isPrefix: boolean;
}

/** A field with its matched words wrapped, in Algolia's `_highlightResult` shape. */
export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** A field cut around its matches, in Algolia's `_snippetResult` shape. */
export interface SnippetResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

/** What matched words are wrapped in, and what marks text left out of a snippet. */
export interface HighlightTags {
  pre: string;
  post: string;
  ellipsis: string;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe to put between tags: a record's text is never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]);

/** For each word of the text, how many of its characters a query word matched (0: none), and which query word. */
function matchWords(words: Word[], query: QueryWord[]): { length: number; by: number }[] {
  return words.map((word) => {
    for (let q = 0; q < query.length; q++) {
      const known = query[q].terms.get(word.term);
      const begins = query[q].isPrefix && word.term.startsWith(query[q].text);
      if (known === false) return { length: word.end - word.start, by: q };
      if (known === true || begins) return { length: Math.min(query[q].text.length, word.end - word.start), by: q };
    }
    return { length: 0, by: -1 };
  });
}

/** The text between two offsets, escaped, with matched words (or their matched beginnings) in tags. */
function markRange(
  text: string,
  from: number,
  to: number,
  words: Word[],
  matches: { length: number }[],
  tags: HighlightTags,
): string {
  let out = '';
  let cursor = from;
  words.forEach((word, i) => {
    if (matches[i].length === 0 || word.start < from || word.end > to) return;
    out +=
      escapeHtml(text.slice(cursor, word.start)) +
      tags.pre +
      escapeHtml(text.slice(word.start, word.start + matches[i].length)) +
      tags.post;
    cursor = word.start + matches[i].length;
  });
  return out + escapeHtml(text.slice(cursor, to));
}

function matchLevel(matched: Set<number>, query: QueryWord[]): 'none' | 'partial' | 'full' {
  return matched.size === 0 ? 'none' : matched.size === query.length ? 'full' : 'partial';
}

/** Algolia's `_highlightResult` for one attribute: the whole text, escaped, matches in tags. */
export function highlightText(text: string, query: QueryWord[], tags: HighlightTags): HighlightResult {
  const words = wordsOf(text);
  const matches = matchWords(words, query);
  const matched = new Set(matches.filter((match) => match.by >= 0).map((match) => match.by));
  const result: HighlightResult = {
    value: markRange(text, 0, text.length, words, matches, tags),
    matchLevel: matchLevel(matched, query),
    matchedWords: [...matched].sort().map((q) => query[q].text),
  };
  if (matched.size > 0) result.fullyHighlighted = matches.every((match) => match.length > 0);
  return result;
}

/**
 * Algolia's `_snippetResult` for one attribute: the window of `size` words holding the most
 * matches (starting a little before the first of them), with the ellipsis where text was cut.
 */
export function snippetText(text: string, query: QueryWord[], size: number, tags: HighlightTags): SnippetResult {
  const words = wordsOf(text);
  const matches = matchWords(words, query);
  const lead = Math.floor(size / 4);
  let start = 0;
  let best = -1;
  matches.forEach((match, i) => {
    if (match.length === 0) return;
    const from = Math.max(0, Math.min(i - lead, words.length - size));
    const inside = matches.slice(from, from + size).filter((candidate) => candidate.length > 0).length;
    if (inside > best) {
      best = inside;
      start = from;
    }
  });
  const end = Math.min(words.length, start + size);
  const from = start === 0 ? 0 : words[start].start;
  const to = end === words.length ? text.length : words[end - 1].end;
  const inWindow = matches.slice(start, end);
  const matched = new Set(inWindow.filter((match) => match.by >= 0).map((match) => match.by));
  const value =
    (start > 0 ? tags.ellipsis : '') +
    markRange(text, from, to, words, matches, tags) +
    (end < words.length ? tags.ellipsis : '');
  return { value, matchLevel: matchLevel(matched, query) };
}
