import { describe, expect, it } from 'vitest';
import {
  renderedRouteCodec,
  routeFieldsCodec,
  type RenderedRoute,
  type RouteFields,
} from '../../src/write/renderedRoute.ts';
import { recordsDigest } from '../../src/search/recordsDigest.ts';
import { pageRecords } from '../../src/search/keptRecords.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { contentDigest } from '../../src/write/keptOutput.ts';

// A route taken from the cache is written by the digest kept with it (the output writer links the
// last build's file of that digest): the digest kept must be its content's.
describe('a rendered route in the cache', () => {
  it('keeps its content’s digest, worked out once, for the route rendered and the one read back', () => {
    const route: RenderedRoute = { route: '/docs/a/', content: '<p>Ünïcode, 50 KB of it in a real page</p>' };
    const decoded = renderedRouteCodec.decode(renderedRouteCodec.encode(route));
    expect(route.digest).toBe(contentDigest('<p>Ünïcode, 50 KB of it in a real page</p>'));
    expect(decoded.digest).toBe(route.digest);
    expect(Buffer.from(decoded.content).toString('utf8')).toBe('<p>Ünïcode, 50 KB of it in a real page</p>');
  });

  it('keeps the digest of bytes as it does of their text', () => {
    const bytes = Buffer.from('<p>same</p>');
    const decoded = renderedRouteCodec.decode(renderedRouteCodec.encode({ route: '/x/', content: bytes }));
    expect(decoded.digest).toBe(contentDigest('<p>same</p>'));
  });
});

// A page's search records are most of its entry: a build that keeps its pages digests them once,
// for the entry and for its own search index (which names the index by each page's digest).
describe('a page’s fields in the cache', () => {
  const records = (route: string): SearchRecord[] =>
    [0, 1, 2].map((position) => ({
      objectID: `${route}#${position}`,
      url: `https://docs.example${route}`,
      url_without_anchor: `https://docs.example${route}`,
      anchor: null,
      type: position === 0 ? 'lvl1' : 'content',
      hierarchy: {
        lvl0: 'Ünïcode "quoted"',
        lvl1: 'Title',
        lvl2: null,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: position === 0 ? null : `Text ${position} with "records":[] in it}}`,
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      weight: { pageRank: 0, level: position === 0 ? 90 : 0, position },
    }));
  const fields = (): RouteFields => ({
    route: '/docs/a/',
    digest: 'd'.repeat(32),
    output: {
      route: '/docs/a/',
      ids: ['a', 'b'],
      links: [{ file: '/p/a.md', line: 1, column: 2, href: '/x/' }],
      records: records('/docs/a/'),
    },
    code: [['k', 1, 2]],
  });

  // The records come back as their JSON, read only by whoever needs them (keptRecords.ts).
  const readBack = ({ output, ...rest }: Omit<RenderedRoute, 'content'>) => {
    const { keptRecords, ...others } = output!;
    return { ...rest, output: { ...others, records: pageRecords({ keptRecords }) } };
  };

  it('gives the page its records’ digest, the one its entry keeps, and the entry reads back whole', () => {
    const page = fields();
    const decoded = routeFieldsCodec.decode(routeFieldsCodec.encode(page));
    expect(page.output!.recordsDigest).toBe(recordsDigest(page.output!.records!));
    expect(decoded.output!.records).toBeUndefined();
    expect(readBack(decoded)).toEqual(page);
  });

  it('does the same for a route kept with its content', () => {
    const page: RenderedRoute = { ...fields(), content: '<p>x</p>' };
    const { content, ...decoded } = renderedRouteCodec.decode(renderedRouteCodec.encode(page));
    expect(page.output!.recordsDigest).toBe(recordsDigest(page.output!.records!));
    expect(Buffer.from(content).toString('utf8')).toBe('<p>x</p>');
    expect(readBack(decoded)).toEqual({ ...page, content: undefined, digest: page.digest });
  });

  it('sums up the records it keeps as JSON, for an index that does not read them', () => {
    const { keptRecords } = routeFieldsCodec.decode(routeFieldsCodec.encode(fields())).output!;
    expect({ ...keptRecords, json: undefined }).toEqual({
      count: 3,
      url: 'https://docs.example/docs/a/',
      runs: [['Ünïcode "quoted"', 'docs-default-current', 3]],
      json: undefined,
    });
    // A page taken from the cache and kept again keeps the same records.
    const page = fields();
    const { encode, decode } = routeFieldsCodec;
    expect(readBack(decode(encode(decode(encode(page)))))).toEqual(page);
  });

  it('keeps a page without records as it is', () => {
    const page: RouteFields = { route: '/x/', digest: 'e'.repeat(32), output: { route: '/x/', ids: [], links: [] } };
    expect(routeFieldsCodec.decode(routeFieldsCodec.encode(page))).toEqual(page);
  });
});
