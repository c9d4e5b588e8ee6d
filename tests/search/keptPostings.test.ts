import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import { pageRuns } from '../../src/search/localIndex/recordChunks.ts';
import { recordsDigest } from '../../src/search/recordsDigest.ts';
import { ownHeading, type SearchRecord } from '../../src/model/searchRecord.ts';
import { tokenize } from '../../src/search/tokenize.ts';

/** The texts tokenized (a record's heading or content, a group's lvl0). */
const tokenized = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/search/tokenize.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/tokenize.ts')>();
  return { ...original, tokenize: (text: string) => (tokenized.texts.push(text), original.tokenize(text)) };
});

/** The terms' postings decoded into objects (a kept term renumbered as bytes is not). */
const decoded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/search/localIndex/postingsCodec.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/localIndex/postingsCodec.ts')>();
  return { ...original, decodePostings: (bytes: Uint8Array) => (decoded.count++, original.decodePostings(bytes)) };
});

const records = JSON.parse(
  readFileSync(new URL('../fixtures/search/records.json', import.meta.url), 'utf8'),
) as SearchRecord[];

/** The records cut into pages (one `url_without_anchor` each), in order. */
function pagesOf(list: SearchRecord[]): SearchRecord[][] {
  let first = 0;
  return pageRuns(list).map((count) => list.slice((first += count) - count, first));
}
/** What indexing tokenizes of records (their own headings, their content), besides the groups' lvl0. */
const textsOf = (list: SearchRecord[]) =>
  list.flatMap((record) => [ownHeading(record), record.content].filter((text) => typeof text === 'string'));
const pageRecords = (pages: SearchRecord[][]) =>
  pages.map((page) => ({ digest: recordsDigest(page), records: page.length }));

describe('the postings kept between builds', () => {
  const before = pagesOf(records);
  const first = buildLocalIndex(before.flat(), { basePath: '/s/', pages: pageRecords(before) });
  const edited = before[1][before[1].length - 1];
  const added: SearchRecord = { ...edited, objectID: `${edited.objectID}~added`, content: 'Zeppelins and moorings.' };
  const rewritten: SearchRecord = { ...edited, content: 'Zeppelins and moorings.' };
  // The last column: whether kept terms are decoded only where a changed page holds them too (else
  // renumbered as bytes); pages moved past one another decode the terms they hold.
  const cases: [string, SearchRecord[][], boolean][] = [
    [
      'a record added to a page, every later id moved',
      before.map((page, i) => (i === 1 ? [...page, added] : page)),
      true,
    ],
    [
      'a record rewritten, no id moved',
      before.map((page, i) => (i === 1 ? [...page.slice(0, -1), rewritten] : page)),
      true,
    ],
    ['a page removed', before.filter((_, i) => i !== 1), true],
    ['two pages swapped', [before[2], before[0], before[1], ...before.slice(3)], false],
  ];
  it.each(cases)('with %s, tokenize only the changed pages, and give a cold build’s index', (_, pages, bytes) => {
    expect(pages.length).toBeGreaterThan(2);
    tokenized.texts = [];
    decoded.count = 0;
    const warm = buildLocalIndex(pages.flat(), {
      basePath: '/s/',
      pages: pageRecords(pages),
      keptPostings: first.postings,
    });
    const keptTexts = tokenized.texts;
    const keptDecoded = decoded.count;
    tokenized.texts = [];
    const cold = buildLocalIndex(pages.flat(), { basePath: '/s/' });
    expect(warm.files).toEqual(cold.files);
    expect(warm.manifest).toEqual(cold.manifest);
    // The records' own texts tokenized: the edited page's alone (the groups' lvl0 are worked out afresh).
    const lvl0 = new Set(pages.flat().map((record) => record.hierarchy.lvl0));
    const own = (texts: string[]) => texts.filter((text) => !lvl0.has(text));
    const changed = pages.find((page) => page.includes(added) || page.includes(rewritten)) ?? [];
    expect(own(keptTexts)).toEqual(textsOf(changed));
    expect(own(tokenized.texts)).toEqual(textsOf(pages.flat()));
    if (bytes) expect(keptDecoded).toBeLessThanOrEqual(new Set(textsOf(changed).flatMap(tokenize)).size);
    expect(first.postings!.terms.size).toBeGreaterThan(100);
  });
});
