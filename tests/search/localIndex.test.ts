import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildLocalIndex } from '../../src/search/localIndex/buildLocalIndex.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { createIndexReader } from '../../src/client/search/local/indexReader.ts';
import {
  chunkLocations,
  postingsBlockLocations,
  recordPlaces,
  unpackChunk,
  type ByteRange,
} from '../../src/search/localIndex/indexFormat.ts';
import { fileBytes, indexFiles } from '../helpers/indexFiles.ts';
import type { IndexFileContent } from '../../src/search/localIndex/fileParts.ts';
import { searchLocalIndex } from '../../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest, serializeSearchParams, type SearchParams } from '../../src/client/search/searchParams.ts';
import { withinOneTypo, withinTwoTypos } from '../../src/client/search/local/typoTolerance.ts';

const records = JSON.parse(
  readFileSync(new URL('../fixtures/search/records.json', import.meta.url), 'utf8'),
) as SearchRecord[];
const tricky: SearchRecord = {
  ...records[1],
  objectID: '/docs/tricky/#0',
  url: 'https://developers.acme-sign.example/docs/tricky/',
  url_without_anchor: 'https://developers.acme-sign.example/docs/tricky/',
  hierarchy: { ...records[1].hierarchy, lvl1: 'Tricky <b>markup</b> & "quotes"' },
  content:
    'Never trust <script>alert("x")</script> & friends in a zebra paragraph that goes on for well over ten words of text.',
};

/** The index over the fixture records, read from memory; `read` lists the files a query fetched. */
function openIndex(options: { vocabularySplitBytes?: number } = {}) {
  const index = buildLocalIndex([...records, tricky], { basePath: '/search/index/', ...options });
  const read: string[] = [];
  const file = (name: string) => {
    read.push(name);
    return index.files.get(name)!;
  };
  const reader = createIndexReader(index.manifest, indexFiles(file));
  const search = (query: string, params: SearchParams = {}) =>
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
          ...params,
        }),
      }),
    );
  return { index, read, search };
}
const titles = (result: Awaited<ReturnType<ReturnType<typeof openIndex>['search']>>) =>
  result.hits.map((hit) => (hit.type === 'content' ? hit.content : hit.hierarchy[hit.type]));

describe('local index: matching', () => {
  const { search } = openIndex();

  it('matches the word being typed as a prefix', async () => {
    expect(titles(await search('webh'))[0]).toBe('Webhooks');
    expect((await search('webh ')).nbHits).toBe(0);
  });

  it('requires every word while some record has them all, as the hosted service does', async () => {
    expect((await search('zebra')).hits.map((hit) => hit.objectID)).toEqual(['/docs/tricky/#0']);
    expect((await search('zebra paragraph')).hits.map((hit) => hit.objectID)).toEqual(['/docs/tricky/#0']);
  });

  it('makes every word optional when no record has them all, records with more words first (allOptional)', async () => {
    const result = await search('zebra paragraph webhook ');
    expect(result.nbHits).toBeGreaterThan(1);
    // The tricky record has two of the three words; every other hit has one.
    expect(result.hits[0].objectID).toBe('/docs/tricky/#0');
    expect(
      result.hits.slice(1).every((hit) => /webhook|zebra|paragraph/i.test(JSON.stringify(hit.hierarchy) + hit.content)),
    ).toBe(true);
  });

  it('leaves stop words out of the query, unless it has nothing else', async () => {
    const hits = (await search('how do i create a webhook ')).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl2', hierarchy: { lvl2: 'Create a webhook' } });
    expect((await search('how to ')).nbHits).toBeGreaterThanOrEqual(0);
  });

  it('treats singular and plural as the same word (ignorePlurals)', async () => {
    const ids = async (query: string) => (await search(query)).hits.map((hit) => hit.objectID).sort();
    expect(await ids('bundles event ')).toEqual(await ids('bundle events '));
  });

  it('finds a word the text writes as two (concatenation)', async () => {
    expect(titles(await search('web hook ')).length).toBeGreaterThan(0);
    expect(titles(await search('web hook '))).toContain('Create a webhook');
  });

  it.each(['wbehook', 'ebhook', 'vebhook', 'webhok', 'webhoook', 'ewbhook'])(
    'tolerates one typo, wherever it is: %s',
    async (query) => {
      expect(titles(await search(`${query} `))).toContain('Create a webhook');
    },
  );

  it("tolerates no typo in words under 3 letters, one from 3 and two from 7 (the crawler's thresholds)", async () => {
    expect((await search('ix ')).nbHits).toBe(0);
    expect((await search('jsn ')).nbHits).toBeGreaterThan(0);
    expect(titles(await search('wbehokk '))).toContain('Create a webhook');
    expect((await search('wbehok ')).nbHits).toBe(0);
    expect(withinTwoTypos('wbehokk', 'webhook')).toBe(true);
    expect(withinTwoTypos('wxbxhxok', 'webhook')).toBe(false);
  });

  it('prefers exact matches to typos', async () => {
    expect(
      (await search('json ')).hits.every((hit) => /\bjson\b/i.test(JSON.stringify(hit.hierarchy) + hit.content)),
    ).toBe(true);
  });

  it('counts a transposition as one typo (Damerau)', () => {
    expect(withinOneTypo('wbehook', 'webhook')).toBe(true);
    expect(withinOneTypo('wbeohok', 'webhook')).toBe(false);
  });

  it('ranks a heading above paragraphs that mention the words', async () => {
    const hits = (await search('create a webhook ')).hits;
    expect(hits[0]).toMatchObject({ type: 'lvl2', hierarchy: { lvl2: 'Create a webhook' } });
  });
});

describe('local index: repeated records', () => {
  it('ranks a record that repeats an earlier one of its page after every other hit', async () => {
    const base = records.find((record) => record.type === 'content')!;
    const record = (id: string, page: string, lvl2: string, content: string): SearchRecord => ({
      ...base,
      objectID: id,
      url: `https://d.example${page}#${lvl2}`,
      url_without_anchor: `https://d.example${page}`,
      hierarchy: { ...base.hierarchy, lvl1: 'Page', lvl2 },
      content,
    });
    const rows = [
      record('a1', '/api/', 'one', '429 The rate limit is exceeded.'),
      record('a2', '/api/', 'two', '429 The rate limit is exceeded.'),
      record('a3', '/api/', 'three', '429 The rate limit is exceeded.'),
      record('b1', '/docs/limits/', 'limits', 'Wait and retry after a 429.'),
    ];
    const index = buildLocalIndex(rows, { basePath: '/s/' });
    const reader = createIndexReader(
      index.manifest,
      indexFiles((name) => index.files.get(name)!),
    );
    const result = await searchLocalIndex(
      reader,
      readSearchRequest({ indexName: 'local', query: '429 ', params: serializeSearchParams({}) }),
    );
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['a1', 'b1', 'a2', 'a3']);
  });
});

describe('local index: response in the hosted service shape', () => {
  const { search } = openIndex();

  it('answers with hits, nbHits, paging and a queryID', async () => {
    const result = await search('bundle', { hitsPerPage: 5 });
    expect(result).toMatchObject({ page: 0, hitsPerPage: 5, exhaustiveNbHits: true, query: 'bundle', index: 'local' });
    expect(result.nbHits).toBeGreaterThan(5);
    expect(result.nbPages).toBe(Math.ceil(result.nbHits / 5));
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    const next = await search('bundle', { hitsPerPage: 5, page: 1 });
    expect(next.hits.map((hit) => hit.objectID)).not.toContain(result.hits[0].objectID);
    expect(next.nbHits).toBe(result.nbHits);
  });

  it('highlights with <mark> and escapes every other character of the text', async () => {
    const [hit] = (await search('zebra')).hits;
    expect(hit._highlightResult!.hierarchy!.lvl1).toMatchObject({
      value: 'Tricky &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;',
      matchLevel: 'none',
    });
    expect(hit._highlightResult!.content).toMatchObject({ matchLevel: 'full', matchedWords: ['zebra'] });
    expect(hit._highlightResult!.content!.value).toBe(
      'Never trust &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends in a <mark>zebra</mark> paragraph that goes on for well over ten words of text.',
    );
  });

  it('snippets 10 words (or the count asked for) around the match, with the ellipsis', async () => {
    const [ten] = (await search('zebra')).hits;
    expect(ten._snippetResult!.content!.value).toBe('…in a <mark>zebra</mark> paragraph that goes on for well over…');
    const [five] = (await search('zebra', { attributesToSnippet: ['content:5'] })).hits;
    expect(five._snippetResult!.content!.value).toBe('…a <mark>zebra</mark> paragraph that goes…');
  });

  it('marks only the typed part of a word being completed', async () => {
    const hit = (await search('webh')).hits[0];
    expect(hit._highlightResult!.hierarchy!.lvl1!.value).toBe('<mark>Webh</mark>ooks');
  });

  it('returns only the attributes asked for', async () => {
    const [hit] = (await search('zebra', { attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'url'] })).hits;
    expect(Object.keys(hit).sort()).toEqual(['_highlightResult', '_snippetResult', 'hierarchy', 'objectID', 'url']);
    expect(Object.keys(hit.hierarchy)).toEqual(['lvl0', 'lvl1']);
  });

  it('cuts queries to 64 characters', async () => {
    expect((await search(`${'a'.repeat(70)}`)).query).toHaveLength(64);
  });
});

describe('local index: split files', () => {
  it('fetches only the vocabulary shards, postings and records a query needs', async () => {
    const { index, read, search } = openIndex({ vocabularySplitBytes: 0 });
    expect(Object.keys(index.manifest.vocabulary).length).toBeGreaterThan(10);
    const result = await search('webhook');
    expect(result.nbHits).toBeGreaterThan(0);
    const total = index.files.size;
    expect(new Set(read).size).toBeLessThan(total / 4);
    expect(read.filter((name) => name.startsWith('v-'))).toEqual(['v-77.json', 'v-65.json']);
  });

  it('still finds a word whose first letter is mistyped, through the second letter’s shard', async () => {
    const { search } = openIndex({ vocabularySplitBytes: 0 });
    for (const query of ['vebhook ', 'ebhook ', 'ewbhook '])
      expect(titles(await search(query))).toContain('Create a webhook');
  });

  it('names its folder by content, so browsers never mix two builds', () => {
    expect(openIndex().index.manifest.base).toMatch(/^\/search\/index\/[0-9a-f]{10}\/$/);
    expect(openIndex().index.manifest.base).toBe(openIndex().index.manifest.base);
  });
});

const request = (query: string) =>
  readSearchRequest({ indexName: 'local', query, params: serializeSearchParams({ hitsPerPage: 20 }) });
/** A reader of `index` that notes every range and every whole file it asks for. */
const recordingReader = (index: ReturnType<typeof buildLocalIndex>) => {
  const whole = indexFiles((name) => index.files.get(name)!);
  const ranges: { name: string; offset: number; length: number }[] = [];
  const wholeReads: string[] = [];
  const reader = createIndexReader(index.manifest, {
    json: whole.json,
    bytes: async (name, range) => {
      if (range) ranges.push({ name, ...range });
      else wholeReads.push(name);
      return whole.bytes(name, range);
    },
  });
  return { reader, ranges, wholeReads };
};
/** The parts (chunks, blocks) a range covers, by where each starts: a range is a run of whole parts. */
const partsIn = (range: { name: string; offset: number; length: number }, parts: ByteRange[]) => {
  const inside = parts.filter(
    (part) => part.file === range.name && part.offset >= range.offset && part.offset < range.offset + range.length,
  );
  expect(inside.reduce((sum, part) => sum + part.length, 0)).toBe(range.length);
  return inside.map((part) => `${part.file}@${part.offset}`);
};

describe('local index: records packed in a few record files, read by byte range', () => {
  // 600 records of several pages: each page's cut into chunks of 16.
  const many = Array.from({ length: 8 }, (_, copy) =>
    records.map((record) => ({ ...record, objectID: `${record.objectID}~${copy}` })),
  ).flat();
  const recordFiles = (files: Map<string, IndexFileContent>) => [...files].filter(([name]) => name.startsWith('r'));

  it('packs every chunk into one file, or into files no larger than indexFileBytes, with an offsets table', async () => {
    const one = buildLocalIndex(many, { basePath: '/s/' });
    expect(recordFiles(one.files).map(([name]) => name)).toEqual(['r0.bin']);
    const { pageRecords } = one.manifest;
    expect(pageRecords.length).toBeGreaterThan(8);
    expect(pageRecords.reduce((sum, count) => sum + count, 0)).toBe(many.length);
    expect(one.manifest.chunkBytes).toHaveLength(pageRecords.reduce((sum, count) => sum + Math.ceil(count / 16), 0));
    expect(one.manifest.chunkBytes.reduce((sum, bytes) => sum + bytes, 0)).toBe(
      fileBytes(one.files.get('r0.bin')!).length,
    );
    // A chunk holds one page's records, and every record is where recordPlaces says it is.
    const file = fileBytes(one.files.get('r0.bin')!) as Uint8Array;
    const chunks = await Promise.all(
      chunkLocations(one.manifest).map(({ offset, length }) => unpackChunk(file.subarray(offset, offset + length))),
    );
    for (const chunk of chunks) expect(new Set(chunk.map(([, url]) => url.split('#')[0])).size).toBe(1);
    const place = recordPlaces(one.manifest);
    many.forEach((record, id) => {
      const [chunk, index] = place(id);
      expect(chunks[chunk][index][0]).toBe(record.objectID);
    });

    const split = buildLocalIndex(many, { basePath: '/s/', indexFileBytes: 4_000 });
    const files = recordFiles(split.files);
    expect(files.length).toBeGreaterThan(2);
    expect(files.length).toBeLessThan(split.manifest.chunkBytes.length / 2);
    for (const [, content] of files) expect(fileBytes(content).length).toBeLessThanOrEqual(4_000);
    expect(split.manifest.chunksPerFile.reduce((sum, chunks) => sum + chunks, 0)).toBe(
      split.manifest.chunkBytes.length,
    );
  });

  it('reads the chunks of the hits it shows as ranges of the record files, each once, adjacent ones together', async () => {
    const index = buildLocalIndex(many, { basePath: '/s/', indexFileBytes: 4_000 });
    const { reader, ranges, wholeReads } = recordingReader(index);
    for (const query of ['webhook', 'envelope status', 'signer']) {
      const result = await searchLocalIndex(reader, request(query));
      expect(result.hits.length).toBeGreaterThan(0);
    }
    expect(wholeReads).toEqual([]);
    const chunks = ranges
      .filter(({ name }) => name.startsWith('r'))
      .flatMap((range) => partsIn(range, chunkLocations(index.manifest)));
    expect(chunks.length).toBeGreaterThan(0);
    expect(new Set(chunks).size).toBe(chunks.length);
  });
});

describe('local index: postings in blocks packed in a few files, read by byte range', () => {
  const many = Array.from({ length: 8 }, (_, copy) =>
    records.map((record) => ({
      ...record,
      objectID: `${record.objectID}~${copy}`,
      content: `${record.content ?? ''} quokka${copy}a quokka${copy}b quokka${copy}c`,
    })),
  ).flat();

  it('packs the blocks into one file, or into files no larger than indexFileBytes, with an offsets table', () => {
    const one = buildLocalIndex(many, { basePath: '/s/', postingsBlockBytes: 500 });
    expect([...one.files.keys()].filter((name) => name.startsWith('p'))).toEqual(['p0.bin']);
    expect(one.manifest.postingsBlockBytes.length).toBeGreaterThan(10);
    expect(one.manifest.postingsBlockBytes.reduce((sum, bytes) => sum + bytes, 0)).toBe(
      fileBytes(one.files.get('p0.bin')!).length,
    );
    const limit = Math.ceil(fileBytes(one.files.get('p0.bin')!).length / 3);
    const split = buildLocalIndex(many, { basePath: '/s/', postingsBlockBytes: 500, indexFileBytes: limit });
    const files = [...split.files].filter(([name]) => name.startsWith('p'));
    expect(files.length).toBeGreaterThan(2);
    for (const [, content] of files) expect(fileBytes(content).length).toBeLessThanOrEqual(limit);
    expect(split.manifest.postingsBlocksPerFile).toHaveLength(files.length);
  });

  it('finds the same hits as from one block a file, reading each block once and adjacent blocks in one request', async () => {
    // A block a term, so that a prefix's completions span several.
    const index = buildLocalIndex(many, { basePath: '/s/', postingsBlockBytes: 1 });
    const reference = buildLocalIndex(many, { basePath: '/s/', postingsBlockBytes: 1, indexFileBytes: 1 });
    const { reader, ranges, wholeReads } = recordingReader(index);
    const other = recordingReader(reference);
    for (const query of ['quokk', 'envelope status', 'signer', 'quokka3']) {
      const result = await searchLocalIndex(reader, request(query));
      expect(result.hits.length).toBeGreaterThan(0);
      expect(result.hits).toEqual((await searchLocalIndex(other.reader, request(query))).hits);
    }
    expect(wholeReads).toEqual([]);
    const postings = ranges.filter(({ name }) => name.startsWith('p'));
    const blocks = postings.flatMap((range) => partsIn(range, postingsBlockLocations(index.manifest)));
    expect(new Set(blocks).size).toBe(blocks.length);
    // Postings asked together (a word's terms, as the ranking asks them) come in one request a run of adjacent blocks.
    const fresh = recordingReader(index);
    const { terms, postings: locations } = await fresh.reader.vocabulary('');
    const at = terms.findIndex((term) => term.startsWith('quokka'));
    const entries = terms
      .slice(at, at + 10)
      .map((term, i) => ({ term, location: locations.slice((at + i) * 4, (at + i) * 4 + 4) }));
    expect(new Set(entries.map(({ location }) => location[0])).size).toBe(10);
    const together = await Promise.all(entries.map((entry) => fresh.reader.postings(entry)));
    expect(fresh.ranges).toHaveLength(1);
    expect(partsIn(fresh.ranges[0], postingsBlockLocations(index.manifest))).toHaveLength(10);
    const apart = recordingReader(reference);
    expect(await Promise.all(entries.map((entry) => apart.reader.postings(entry)))).toEqual(together);
  });
});
