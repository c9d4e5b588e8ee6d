import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { createIndexReader } from '../../src/client/search/local/indexReader.ts';
import { indexFiles } from '../helpers/indexFiles.ts';
import { searchLocalIndex } from '../../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest, serializeSearchParams } from '../../src/client/search/searchParams.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/search/records.json', import.meta.url), 'utf8'),
) as SearchRecord[];
const hierarchy = {
  ...fixture[1].hierarchy,
  lvl1: 'Zebrafish <script>alert(1)</script> "><img src=x onerror=alert(1)>',
};
const hostile: SearchRecord[] = [
  { ...fixture[1], objectID: '/docs/hostile/#0', type: 'lvl1', hierarchy, content: null },
  {
    ...fixture[1],
    objectID: '/docs/hostile/#1',
    type: 'content',
    hierarchy,
    content: 'Webhook text with </title><svg onload=alert(1)> & <mark>fake</mark> and javascript:alert(1) inside.',
  },
];
const index = buildLocalIndex([...fixture, ...hostile], { basePath: '/search/index/' });
const reader = createIndexReader(
  index.manifest,
  indexFiles((name) => index.files.get(name)!),
);
const search = (query: string) =>
  searchLocalIndex(
    reader,
    readSearchRequest({
      indexName: 'local',
      query,
      params: serializeSearchParams({
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        snippetEllipsisText: '…',
        attributesToSnippet: ['content:10'],
      }),
    }),
  );

/** Queries made of real words, markup, and arbitrary text. */
const query = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'webhook',
        'web',
        'bundle',
        'zebrafish',
        'payload',
        'script',
        '<script>',
        '"><img',
        'onerror',
        '</mark>',
        '<mark>',
        '&',
        '&amp;',
        'javascript:',
        ' ',
        'wbehook',
        'é',
        '🙂',
        '\u0000',
        '\\',
        '"',
        "'",
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(' '));

/** Every highlighted or snippeted string: escaped text with only <mark> and </mark> added. */
function markupOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(markupOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(markupOf);
  return [];
}

describe('search query path (property)', () => {
  it('escapes a hostile record and marks the match (the property below checks every field like this)', async () => {
    const result = await search('zebrafish');
    const fields = markupOf(result.hits.find((hit) => hit.objectID === '/docs/hostile/#0'));
    expect(fields.some((field) => field.includes('<mark>Zebrafish</mark> &lt;script&gt;alert(1)&lt;/script&gt;'))).toBe(
      true,
    );
  });

  it('never throws, and answers in the hosted shape with only <mark> added to escaped text', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const result = await search(text);
        expect(result.nbHits).toBeGreaterThanOrEqual(result.hits.length);
        for (const hit of result.hits) {
          const fields = [
            ...markupOf((hit as { _highlightResult?: unknown })._highlightResult),
            ...markupOf((hit as { _snippetResult?: unknown })._snippetResult),
          ];
          for (const field of fields) {
            const withoutMarks = field.replace(/<\/?mark>/g, '');
            expect(withoutMarks).not.toMatch(/[<>]/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
