import { liteClient } from 'algoliasearch/lite';
import type { SearchClient } from '../searchResponse.ts';
import { hostsFromUrls } from '../../../search/algolia/hostsFromUrls.ts';
import { createHostStateCache } from './hostStateCache.ts';

/** The hosted index a site searches (its search-only credentials). */
export interface HostedSearchOptions {
  appId: string;
  /** The search-only key, sent as a query parameter. */
  apiKey: string;
  /** Hosts to use instead of the application's (`https://host:port`), in order. */
  hosts?: string[];
}

/** Timeouts of the spec (§9): 1 s to connect, 2 s to read, 30 s to write. */
export const hostedTimeouts = { connect: 1000, read: 2000, write: 30_000 };

/**
 * The hosted service through algoliasearch's lite client: the multi-index query, its retry
 * strategy (next host on timeouts, network failures and 5xx; a 4xx fails at once) and its
 * errors (ApiError, RetryError, DeserializationError), with the spec's timeouts and a host
 * memory that does skip a failed host for two minutes.
 */
export function createHostedSearchClient({ appId, apiKey, hosts }: HostedSearchOptions): SearchClient {
  const client = liteClient(appId, apiKey, {
    timeouts: hostedTimeouts,
    hostsCache: createHostStateCache(`docsgen.search.hosts.${appId}`),
    ...(hosts ? { hosts: hostsFromUrls(hosts) } : {}),
  });
  return { search: (body) => client.search(body) as ReturnType<SearchClient['search']> };
}
