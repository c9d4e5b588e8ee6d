import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { createIndexReader } from '../../src/client/search/local/indexReader.ts';
import { indexFiles } from '../helpers/indexFiles.ts';
import { searchLocalIndex } from '../../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest, serializeSearchParams } from '../../src/client/search/searchParams.ts';

/** The fixture's records, the API reference's tagged with its docs version as the build tags it now. */
const records = (
  JSON.parse(readFileSync(new URL('../fixtures/search/records.json', import.meta.url), 'utf8')) as SearchRecord[]
).map((record) =>
  record.url_without_anchor.endsWith('/api/') ? { ...record, docusaurus_tag: 'docs-default-current' } : record,
);
const older = 'docs-default-2.9.0';
/** One page of an older version whose only mention of webhooks is in its content: it ranks below every current hit. */
const olderPage: SearchRecord = {
  ...records[1],
  objectID: '/docs/2.9.0/events/#0',
  url: 'https://developers.acme-sign.example/docs/2.9.0/events/',
  url_without_anchor: 'https://developers.acme-sign.example/docs/2.9.0/events/',
  type: 'content',
  hierarchy: { ...records[1].hierarchy, lvl1: 'Events' },
  content: 'Each event is delivered to your webhook endpoint.',
  docusaurus_tag: older,
};
const index = buildLocalIndex([...records, olderPage], { basePath: '/search/index/' });
const reader = createIndexReader(
  index.manifest,
  indexFiles((name) => index.files.get(name)!),
);
/** The contextual filters the modal sends on a page tagged `tag`. */
const contextual = (tag: string) => ['language:en', ['docusaurus_tag:default', `docusaurus_tag:${tag}`]];
const search = (query: string, facetFilters: (string | string[])[] | undefined, hitsPerPage = 3) =>
  searchLocalIndex(
    reader,
    readSearchRequest({ indexName: 'local', query, params: serializeSearchParams({ hitsPerPage, facetFilters }) }),
  );
const urls = (result: Awaited<ReturnType<typeof search>>) => result.hits.map((hit) => hit.url);

describe('local index: contextual facet filters', () => {
  it('records their tags as runs over record ids in the manifest', () => {
    expect(index.manifest.tags.names).toEqual(['docs-default-current', older]);
    expect(index.manifest.tags.runs.filter((_, i) => i % 2 === 1).reduce((a, b) => a + b)).toBe(records.length + 1);
  });

  it("answers from the older version only, even where the current version's hits fill the first page", async () => {
    const all = await search('webhook', undefined);
    expect(all.nbHits).toBeGreaterThan(3);
    expect(urls(all)).not.toContain(olderPage.url);
    const result = await search('webhook', contextual(older));
    expect(urls(result)).toEqual([olderPage.url]);
    expect(result.nbHits).toBe(1);
  });

  it("answers from the current version without the older version's pages, counts and pages agreeing", async () => {
    const first = await search('webhook', contextual('docs-default-current'), 20);
    expect(first.nbHits).toBe((await search('webhook', undefined, 20)).nbHits - 1);
    expect(urls(first)).not.toContain(olderPage.url);
    // The same filters with a typo and with every word optional.
    expect(urls(await search('webhok', contextual(older)))).toEqual([olderPage.url]);
    expect(urls(await search('endpoint zzzz ', contextual(older)))).toEqual([olderPage.url]);
    expect(urls(await search('endpoint zzzz ', contextual('docs-default-current')))).not.toContain(olderPage.url);
  });

  it('reads negation and language, and refuses a facet it does not hold', async () => {
    expect(urls(await search('webhook', ['docusaurus_tag:-docs-default-current']))).toEqual([olderPage.url]);
    expect((await search('webhook', ['language:fr'])).nbHits).toBe(0);
    await expect(search('webhook', ['type:lvl1'])).rejects.toThrow('cannot filter by "type"');
  });
});
