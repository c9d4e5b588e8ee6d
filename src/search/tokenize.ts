/**
 * Words as search sees them: runs of letters and digits, lower-cased, accents folded. The index
 * is built and queried with the same function, at build time and in the browser.
 */

export interface Word {
  term: string;
  /** Offsets of the word in the original text. */
  start: number;
  end: number;
}

const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;

const nonAscii = /[^\0-\x7f]/;

/** A word as the index keeps it: lower-cased, accents folded. */
export function normalizeTerm(word: string): string {
  // ASCII has nothing to decompose or fold: most words of an English site skip both steps.
  if (!nonAscii.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text with their offsets, for highlighting. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const term = normalizeTerm(match[0]);
    if (term) words.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return words;
}

/** The terms of a text, for indexing and querying. */
export function tokenize(text: string): string[] {
  // Only the terms: `match` gives the words as strings, without matchAll's object per word.
  const terms: string[] = [];
  for (const word of text.match(wordPattern) ?? []) {
    const term = normalizeTerm(word);
    if (term) terms.push(term);
  }
  return terms;
}
