import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import { pageRuns } from '../../src/search/localIndex/recordChunks.ts';
import { recordsDigest } from '../../src/search/recordsDigest.ts';
import { ownHeading, type SearchRecord } from '../../src/model/searchRecord.ts';

/** The texts tokenized (a record's heading or content, a group's lvl0). */
const tokenized = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/search/tokenize.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/search/tokenize.ts')>();
  return { ...original, tokenize: (text: string) => (tokenized.texts.push(text), original.tokenize(text)) };
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
  const cases: [string, SearchRecord[][]][] = [
    ['a record added to a page, every later id moved', before.map((page, i) => (i === 1 ? [...page, added] : page))],
    ['a page removed', before.filter((_, i) => i !== 1)],
    ['two pages swapped', [before[2], before[0], before[1], ...before.slice(3)]],
  ];
  it.each(cases)('with %s, tokenize only the changed pages, and give a cold build’s index', (_, pages) => {
    expect(pages.length).toBeGreaterThan(2);
    tokenized.texts = [];
    const warm = buildLocalIndex(pages.flat(), {
      basePath: '/s/',
      pages: pageRecords(pages),
      keptPostings: first.postings,
    });
    const keptTexts = tokenized.texts;
    tokenized.texts = [];
    const cold = buildLocalIndex(pages.flat(), { basePath: '/s/' });
    expect(warm.files).toEqual(cold.files);
    expect(warm.manifest).toEqual(cold.manifest);
    // The records' own texts tokenized: the edited page's alone (the groups' lvl0 are worked out afresh).
    const lvl0 = new Set(pages.flat().map((record) => record.hierarchy.lvl0));
    const own = (texts: string[]) => texts.filter((text) => !lvl0.has(text));
    expect(own(keptTexts)).toEqual(textsOf(pages.find((page) => page.includes(added)) ?? []));
    expect(own(tokenized.texts)).toEqual(textsOf(pages.flat()));
  });
});
