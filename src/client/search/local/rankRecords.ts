import type { TermPostings } from '../../../search/localIndex/postingsCodec.ts';
import type { IndexReader } from './indexReader.ts';
import type { TermMatch } from './matchTerms.ts';
import { pageTitleLevel } from '../../../search/localIndex/indexFormat.ts';

/**
 * Where a word matched a record, best first, in DocSearch's attribute order: the record's own
 * heading (a page's title → 0, lvl1 … lvl6 → 1 … 6), then the headings above it (lvl0 … lvl6 → 7 … 13), then its
 * content (14).
 */
const ancestor = (level: number) => 7 + level;
const contentAttribute = 14;
const noMatch = 255;

/**
 * Per-word match codes, one byte per record (typos · 32 + attribute · 2 + inexact), reused from
 * query to query: a large site has hundreds of thousands of records, and allocating these on
 * every keystroke costs more than the ranking itself.
 */
const scratch: {
  codes: Uint8Array[];
  ownLevel: Uint8Array;
  headingWords: Uint8Array;
  matched: Int32Array[];
  seen: Uint8Array;
} = { codes: [], ownLevel: new Uint8Array(0), headingWords: new Uint8Array(0), matched: [], seen: new Uint8Array(0) };

function buffers(words: number, count: number) {
  if (scratch.ownLevel.length !== count)
    Object.assign(scratch, {
      codes: [],
      ownLevel: new Uint8Array(count),
      headingWords: new Uint8Array(count),
      matched: [],
      seen: new Uint8Array(count),
    });
  while (scratch.codes.length < words) {
    scratch.codes.push(new Uint8Array(count));
    scratch.matched.push(new Int32Array(count));
  }
  return scratch;
}

/**
 * Ranks the records that match every query word (Algolia's default: all words required), or,
 * with `optional`, those that match any (removeWordsIfNoResults: 'allOptional'), by the
 * tie-breaking order Algolia applies to DocSearch indices: more words matched (`words`), fewer
 * typos, then a page whose title holds every matched word (the page about the topic, before the
 * sections that mention it), then records that do not repeat an earlier one of their page, then
 * a heading that is the whole query (Algolia's exact criterion on single-attribute matches),
 * then the best attribute matched, then how high all words matched (a stand-in for
 * proximity), then exact over prefix matches, then heading level, then order in the site.
 * Only records that `passing` marks (the facet filters) compete and count.
 * Returns the first `limit` record ids and how many records matched.
 */
export async function rankRecords(
  reader: IndexReader,
  matches: TermMatch[][],
  limit: number,
  { optional = false, passing }: { optional?: boolean; passing?: Uint8Array } = {},
): Promise<{ ids: number[]; total: number }> {
  const count = reader.manifest.records;
  if (
    matches.length === 0 ||
    (!optional && matches.some((word) => word.length === 0)) ||
    matches.every((word) => word.length === 0)
  )
    return { ids: [], total: 0 };
  const postings = await Promise.all(matches.map((word) => Promise.all(word.map((match) => reader.postings(match)))));
  const { codes, ownLevel, headingWords, matched, seen } = buffers(matches.length, count);
  const duplicates = reader.duplicates();
  ownLevel.fill(7);
  headingWords.fill(0);
  const sizes = matches.map((word, w) => {
    codes[w].fill(noMatch);
    let size = 0;
    word.forEach(
      (match, m) => (size = applyPostings(codes[w], matched[w], size, ownLevel, headingWords, postings[w][m], match)),
    );
    return size;
  });

  // Walk the records of the rarest word, the others looked up; with optional words, of every word once.
  const words = codes.slice(0, matches.length);
  const lists = optional
    ? sizes.map((size, w) => ({ ids: matched[w], size }))
    : [{ ids: matched[sizes.indexOf(Math.min(...sizes))], size: Math.min(...sizes) }];
  if (optional) seen.fill(0);
  const heap = createTopHeap(limit);
  let total = 0;
  for (const { ids, size: end } of lists) {
    for (let i = 0; i < end; i++) {
      const id = ids[i];
      if (passing && !passing[id]) continue;
      if (optional) {
        if (seen[id]) continue;
        seen[id] = 1;
      }
      let typos = 0;
      let best = noMatch;
      let sum = 0;
      let inexact = 0;
      let own = 0;
      let found = 0;
      for (let w = 0; w < words.length; w++) {
        const code = words[w][id];
        if (code === noMatch) {
          if (optional) continue;
          break;
        }
        found++;
        const attribute = (code >> 1) & 15;
        typos += code >> 5;
        inexact += code & 1;
        sum += attribute;
        if (attribute < best) best = attribute;
        if (attribute <= 6) own++;
      }
      if (found < (optional ? 1 : words.length)) continue;
      total++;
      const missing = words.length - found;
      const pageTopic = ownLevel[id] === pageTitleLevel && own === found ? 0 : 1;
      const partial = own === found && headingWords[id] === own ? 0 : 1;
      const criteria = [
        [missing, 15],
        [typos, 31],
        [pageTopic, 1],
        [duplicates[id], 1],
        [partial, 1],
        [best, 15],
        [sum, 255],
        [inexact, 15],
        [ownLevel[id], 7],
      ] as const;
      let score = 0;
      for (const [value, max] of criteria) score = score * (max + 1) + Math.min(value, max);
      score = score * 2 ** 21 + id;
      if (score < heap.worst) heap.offer(score, id);
    }
  }
  return { ids: heap.sorted(), total };
}

/**
 * Records a term's postings for one query word, keeping the best code per record, and lists each
 * record the word reaches once (in `matched`, from `size`); returns the new size.
 */
function applyPostings(
  codes: Uint8Array,
  matched: Int32Array,
  size: number,
  ownLevel: Uint8Array,
  headingWords: Uint8Array,
  postings: TermPostings,
  match: TermMatch,
): number {
  const base = match.typos * 32 + (match.typos === 0 && !match.prefix ? 0 : 1);
  const mark = (id: number, code: number) => {
    const previous = codes[id];
    if (previous === noMatch) matched[size++] = id;
    if (code < previous) codes[id] = code;
  };
  for (const { id, level, span, words } of postings.headings) {
    mark(id, base + level * 2);
    if (level < ownLevel[id]) ownLevel[id] = level;
    headingWords[id] = Math.min(words, 255);
    const code = base + ancestor(level) * 2;
    for (let child = id + 1; child <= id + span; child++) mark(child, code);
  }
  const groupCode = base + ancestor(0) * 2;
  for (const { start, length } of postings.groups) for (let id = start; id < start + length; id++) mark(id, groupCode);
  const contentCode = base + contentAttribute * 2;
  const content = postings.content;
  for (let i = 0; i < content.length; i++) {
    const id = content[i];
    const previous = codes[id];
    if (previous === noMatch) matched[size++] = id;
    if (contentCode < previous) codes[id] = contentCode;
  }
  return size;
}

/** Keeps the `limit` smallest scores (a max-heap), and returns their ids best first. */
function createTopHeap(limit: number) {
  const scores: number[] = [];
  const ids: number[] = [];
  const swap = (a: number, b: number) => {
    [scores[a], scores[b]] = [scores[b], scores[a]];
    [ids[a], ids[b]] = [ids[b], ids[a]];
  };
  const heap = {
    /** Scores at or above this cannot enter. */
    worst: limit > 0 ? Infinity : -Infinity,
    offer(score: number, id: number) {
      if (scores.length === limit) {
        scores[0] = score;
        ids[0] = id;
        for (let i = 0; ; ) {
          const left = 2 * i + 1;
          const right = left + 1;
          let largest = i;
          if (left < scores.length && scores[left] > scores[largest]) largest = left;
          if (right < scores.length && scores[right] > scores[largest]) largest = right;
          if (largest === i) break;
          swap(i, largest);
          i = largest;
        }
      } else {
        scores.push(score);
        ids.push(id);
        for (let i = scores.length - 1; i > 0; ) {
          const parent = (i - 1) >> 1;
          if (scores[parent] >= scores[i]) break;
          swap(i, parent);
          i = parent;
        }
      }
      if (scores.length === limit) heap.worst = scores[0];
    },
    sorted: () =>
      ids
        .map((id, i) => ({ id, score: scores[i] }))
        .sort((a, b) => a.score - b.score)
        .map((entry) => entry.id),
  };
  return heap;
}
