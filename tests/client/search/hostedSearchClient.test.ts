import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { liteClient } from 'algoliasearch/lite';
import { createMemoryCache } from '@algolia/client-common';
import { createHostedSearchClient, hostedTimeouts } from '../../../src/client/search/hosted/hostedSearchClient.ts';
import { hostsFromUrls } from '../../../src/search/algolia/hostsFromUrls.ts';
import type { SearchRecord } from '../../../src/model/searchRecord.ts';
import { startFakeAlgolia, type FakeAlgolia } from '../../search/fakeAlgolia.ts';

const records = JSON.parse(
  readFileSync(new URL('../../fixtures/search/records.json', import.meta.url), 'utf8'),
) as SearchRecord[];
const appId = 'TESTAPP';
const searchKey = 'search-only-key';
const request = (query: string) => ({
  indexName: 'docs',
  query,
  params: 'hitsPerPage=20&highlightPreTag=%3Cmark%3E&highlightPostTag=%3C%2Fmark%3E',
});

let fake: FakeAlgolia;
beforeAll(async () => {
  fake = await startFakeAlgolia({ hosts: 3, appId, searchKey, indices: { docs: records } });
});
afterAll(() => fake.close());
beforeEach(async () => {
  for (let i = 0; i < fake.hosts.length; i++) {
    await fake.setFault(i, { kind: 'none' });
    fake.hosts[i].requests.length = 0;
  }
  // The client keeps failed hosts in local storage, absent in Node: one warning, memory only.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const client = () => createHostedSearchClient({ appId, apiKey: searchKey, hosts: fake.urls });
const contacted = () => fake.hosts.map((host) => host.requests.length);
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error & { status?: number },
  );

describe('hosted search client against the service wire protocol', () => {
  it('posts the multi-index query and reads hits, nbHits and highlights from results[0]', async () => {
    const { results } = await client().search({ requests: [request('webhook')] });
    const sent = fake.hosts[0].requests[0];
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/1/indexes/*/queries');
    expect(sent.body).toEqual({ requests: [request('webhook')] });
    expect(sent.headers['x-algolia-application-id']).toBe(appId);
    expect(results[0].nbHits).toBeGreaterThan(0);
    expect(results[0].hits[0]._highlightResult?.hierarchy?.lvl1?.value).toMatch(/<mark>/);
  });

  it('uses the spec timeouts: 1 s connect, 2 s read, 30 s write', () => {
    expect(hostedTimeouts).toEqual({ connect: 1000, read: 2000, write: 30_000 });
  });

  it.each([
    ['a 5xx status', { kind: 'status', status: 503 }],
    ['a refused connection', { kind: 'refused' }],
    ['a host that never answers (connect timeout)', { kind: 'hang' }],
    ['headers only after 1.5 s (connect timeout)', { kind: 'slow', ms: 1500 }],
    ['a body only after 2.5 s (read timeout)', { kind: 'slow-body', ms: 2500 }],
  ] as const)('falls back to the next host on %s', async (_, fault) => {
    await fake.setFault(0, fault);
    const { results } = await client().search({ requests: [request('bundle')] });
    expect(results[0].nbHits).toBeGreaterThan(0);
    expect(fake.hosts[1].requests).toHaveLength(1);
  });

  it('waits for a slow host within the timeouts', async () => {
    await fake.setFault(0, { kind: 'slow', ms: 600 });
    await client().search({ requests: [request('signer')] });
    expect(contacted()).toEqual([1, 0, 0]);
  });

  it('fails at once with ApiError on a 4xx, without trying another host', async () => {
    await fake.setFault(0, { kind: 'status', status: 403 });
    const error = await errorOf(client().search({ requests: [request('template')] }));
    expect(error?.name).toBe('ApiError');
    expect(error?.status).toBe(403);
    expect(contacted()).toEqual([1, 0, 0]);
  });

  it('rejects a wrong search key with ApiError 403 from the service itself', async () => {
    const error = await errorOf(
      createHostedSearchClient({ appId, apiKey: 'wrong', hosts: fake.urls }).search({ requests: [request('x')] }),
    );
    expect(error?.name).toBe('ApiError');
    expect(error?.status).toBe(403);
  });

  it('fails with RetryError when every host is unreachable', async () => {
    await fake.setFault(0, { kind: 'status', status: 500 });
    await fake.setFault(1, { kind: 'refused' });
    await fake.setFault(2, { kind: 'status', status: 502 });
    const error = await errorOf(client().search({ requests: [request('packet')] }));
    expect(error?.name).toBe('RetryError');
    expect(error?.message).toMatch(/Unreachable hosts/);
  });

  it('fails with DeserializationError on a 2xx body that is not JSON', async () => {
    await fake.setFault(0, { kind: 'not-json' });
    const error = await errorOf(client().search({ requests: [request('field')] }));
    expect(error?.name).toBe('DeserializationError');
  });
});

describe('a failed host is retried only after two minutes', () => {
  it('skips the failed host on the next requests, and tries it again after 2 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await fake.setFault(0, { kind: 'status', status: 500 });
    const search = client();
    await search.search({ requests: [request('embedded')] });
    expect(contacted()).toEqual([1, 1, 0]);
    await search.search({ requests: [request('signing')] });
    expect(contacted()).toEqual([1, 2, 0]);
    vi.setSystemTime(Date.now() + 119_000);
    await search.search({ requests: [request('envelope')] });
    expect(contacted()).toEqual([1, 3, 0]);
    vi.setSystemTime(Date.now() + 2_000);
    await fake.setFault(0, { kind: 'none' });
    await search.search({ requests: [request('template')] });
    expect(contacted()).toEqual([2, 3, 0]);
  });

  it('is needed: algoliasearch as shipped tries the failed host first again on the very next request', async () => {
    await fake.setFault(0, { kind: 'status', status: 500 });
    const shipped = liteClient(appId, searchKey, { hosts: hostsFromUrls(fake.urls), hostsCache: createMemoryCache() });
    await shipped.search({ requests: [request('embedded')] });
    await shipped.search({ requests: [request('signing')] });
    expect(contacted()).toEqual([2, 2, 0]);
  });
});
