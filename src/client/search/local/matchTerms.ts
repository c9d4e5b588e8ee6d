import { shardKey, type VocabularyShard } from '../../../search/localIndex/indexFormat.ts';
import type { IndexReader, VocabularyEntry } from './indexReader.ts';
import { prefixWithinOneTypo, withinOneTypo, withinTwoTypos } from './typoTolerance.ts';

/** A vocabulary term that a query word matches, and how. */
export interface TermMatch extends VocabularyEntry {
  /** The query word it answers (its position in the query). */
  word: number;
  typos: 0 | 1 | 2;
  /** The query word is only the beginning of the term (the word being typed). */
  prefix: boolean;
}

/**
 * Words shorter than this must match exactly, and words this long may have two typos: the
 * thresholds DocSearch's crawler sets on the hosted index (minWordSizefor1Typo 3,
 * minWordSizefor2Typos 7), so both modes forgive the same mistakes.
 */
export const minWordSizeForTypo = 3;
/** Words of at least this many characters may be reached with two typos (Algolia's default). */
export const minWordSizeForTwoTypos = 7;
/** Completions kept for a word being typed, the most frequent first (in that order). */
const maxCompletions = 10;

/**
 * The terms each query word matches: itself, its completions when it is the word being typed,
 * and terms one typo away when it is long enough. A split vocabulary is read from the shards of
 * the word's first and second characters, which together hold every term one typo away.
 */
export async function matchTerms(reader: IndexReader, words: string[], lastIsPrefix: boolean): Promise<TermMatch[][]> {
  const split = !('' in reader.manifest.vocabulary);
  const matches = await Promise.all(
    words.map(async (word, index) => {
      const prefix = lastIsPrefix && index === words.length - 1;
      const typos = word.length >= minWordSizeForTypo;
      const keys = !split
        ? ['']
        : typos
          ? [...new Set([shardKey(word), shardKey(word.slice(shardKey(word).length))])]
          : [shardKey(word)];
      const shards = await Promise.all(
        keys.filter((key) => key in reader.manifest.vocabulary).map((key) => reader.vocabulary(key)),
      );
      return matchWord(word, index, shards, prefix, typos);
    }),
  );
  await addConcatenations(reader, words, matches, split);
  return matches;
}

/**
 * Two neighbouring words written as one in the text ("auto placement" for AutoPlacement): the
 * joined word, when it is a term, answers both, as the hosted engine's concatenation does.
 */
async function addConcatenations(
  reader: IndexReader,
  words: string[],
  matches: TermMatch[][],
  split: boolean,
): Promise<void> {
  for (let index = 0; index + 1 < words.length; index++) {
    const joined = words[index] + words[index + 1];
    const key = split ? shardKey(joined) : '';
    if (!(key in reader.manifest.vocabulary)) continue;
    const { terms, postings } = await reader.vocabulary(key);
    const at = lowerBound(terms, joined);
    if (terms[at] !== joined) continue;
    const location = postings.slice(at * 4, at * 4 + 4);
    for (const word of [index, index + 1]) {
      if (!matches[word].some((match) => match.term === joined))
        matches[word].push({ term: joined, location, word, typos: 0, prefix: false });
    }
  }
}

function matchWord(
  word: string,
  index: number,
  shards: VocabularyShard[],
  prefix: boolean,
  typos: boolean,
): TermMatch[] {
  const found = new Map<string, TermMatch>();
  const add = (term: string, location: number[], typoCount: 0 | 1 | 2, isPrefix: boolean) => {
    const known = found.get(term);
    if (!known || typoCount < known.typos || (typoCount === known.typos && known.prefix && !isPrefix)) {
      found.set(term, { term, location, word: index, typos: typoCount, prefix: isPrefix });
    }
  };
  for (const shard of shards) {
    const { terms, postings } = shard;
    const at = (i: number) => postings.slice(i * 4, i * 4 + 4);
    const first = lowerBound(terms, word);
    if (terms[first] === word) add(word, at(first), 0, false);
    // Singular and plural are the same word (the hosted index's ignorePlurals).
    for (const form of pluralForms(word)) {
      const i = lowerBound(terms, form);
      if (terms[i] === form) add(form, at(i), 0, false);
    }
    if (prefix) {
      const completions: number[] = [];
      for (let i = first; i < terms.length && terms[i].startsWith(word); i++)
        if (terms[i] !== word) completions.push(i);
      completions.sort((a, b) => postings[b * 4 + 3] - postings[a * 4 + 3]);
      for (const i of completions.slice(0, maxCompletions)) add(terms[i], at(i), 0, true);
    }
    if (!typos) continue;
    const fuzzyCompletions: { term: string; location: number[] }[] = [];
    for (const list of shard.tails ? [shard, shard.tails] : [shard]) {
      list.terms.forEach((term, i) => {
        if (found.has(term)) return;
        const location = list.postings.slice(i * 4, i * 4 + 4);
        if (withinOneTypo(word, term)) add(term, location, 1, false);
        else if (word.length >= minWordSizeForTwoTypos && withinTwoTypos(word, term)) add(term, location, 2, false);
        else if (prefix && term.length > word.length && prefixWithinOneTypo(word, term))
          fuzzyCompletions.push({ term, location });
      });
    }
    fuzzyCompletions.sort((a, b) => b.location[3] - a.location[3]);
    for (const { term, location } of fuzzyCompletions.slice(0, maxCompletions)) add(term, location, 1, true);
  }
  return [...found.values()];
}

/** The other English number of a word: webhook ↔ webhooks, address ↔ addresses, policy ↔ policies. */
export function pluralForms(word: string): string[] {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return [];
  const forms = [`${word}s`, `${word}es`];
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

function lowerBound(terms: string[], word: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle] < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
