import type { Cache, Host, StatefulHost } from '@algolia/client-common';
import { readStored, writeStored } from '../../storage.ts';

/** A host that failed is left alone this long before it is tried again (spec §9). */
export const hostRetryDelayMs = 2 * 60 * 1000;

type HostState = Pick<StatefulHost, 'status' | 'lastUpdate'>;

/** A host's identity, whatever state object the transporter hands over. */
const hostKey = ({ protocol, url, port, accept }: Host) => `${protocol}://${url}:${port ?? ''}/${accept}`;

/** The transporter's view of a host: up, or down/timed out until the delay has passed. */
function statefulHost(host: Host, { status, lastUpdate }: HostState): StatefulHost {
  const expired = () => Date.now() - lastUpdate > hostRetryDelayMs;
  return {
    protocol: host.protocol,
    url: host.url,
    port: host.port,
    accept: host.accept,
    status,
    lastUpdate,
    isUp: () => status === 'up' || expired(),
    isTimedOut: () => status === 'timed out' && !expired(),
  };
}

/**
 * The `hostsCache` the search client is given. algoliasearch 5 stores a failed host under the
 * stateful host object (whose JSON includes status and time) but looks it up under the plain
 * host, and its caches serialise away the `isUp`/`isTimedOut` functions, so a failed host is
 * tried first again on the very next request. This cache keys hosts by protocol, name, port and
 * use, keeps status and time (in local storage, so the memory outlives a page load), and gives
 * back live host states: a failed host is skipped for two minutes, then tried again.
 */
export function createHostStateCache(storageKey: string): Cache {
  const states = new Map<string, HostState>(Object.entries(readJson(storageKey)));
  return {
    async get<TValue>(key: Record<string, any> | string, defaultValue: () => Promise<TValue>): Promise<TValue> {
      const state = typeof key === 'object' ? states.get(hostKey(key as Host)) : undefined;
      return state ? (statefulHost(key as Host, state) as TValue) : defaultValue();
    },
    async set<TValue>(key: Record<string, any> | string, value: TValue): Promise<TValue> {
      const { status, lastUpdate } = value as StatefulHost;
      states.set(hostKey(key as Host), { status, lastUpdate });
      writeStored(storageKey, JSON.stringify(Object.fromEntries(states)));
      return value;
    },
    async delete(key: Record<string, any> | string) {
      states.delete(hostKey(key as Host));
      writeStored(storageKey, JSON.stringify(Object.fromEntries(states)));
    },
    async clear() {
      states.clear();
      writeStored(storageKey, '{}');
    },
  };
}

function readJson(key: string): Record<string, HostState> {
  try {
    const parsed = JSON.parse(readStored(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}
