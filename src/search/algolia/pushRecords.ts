import { algoliasearch } from 'algoliasearch';
import type { SearchRecord } from '../../model/searchRecord.ts';
import { docSearchIndexSettings } from './indexSettings.ts';
import { hostsFromUrls } from './hostsFromUrls.ts';

/** The hosted index to replace, and the records to replace its records with. */
export interface PushOptions {
  appId: string;
  /** A key allowed to write: the admin key, from the environment, never from the config. */
  adminKey: string;
  indexName: string;
  hosts?: string[];
  records: SearchRecord[];
}

/**
 * Replaces the hosted index's records at once: the settings are set on the index, then
 * algoliasearch's replaceAllObjects fills a temporary copy and moves it over the index, so
 * readers see the old records until the new ones are all in.
 */
export async function pushRecords({
  appId,
  adminKey,
  indexName,
  hosts,
  records,
}: PushOptions): Promise<{ batches: number }> {
  const client = algoliasearch(appId, adminKey, hosts ? { hosts: hostsFromUrls(hosts) } : undefined);
  const settings = await client.setSettings({ indexName, indexSettings: docSearchIndexSettings });
  await client.waitForTask({ indexName, taskID: settings.taskID });
  const result = await client.replaceAllObjects({
    indexName,
    objects: records as unknown as Record<string, unknown>[],
    batchSize: 1000,
  });
  return { batches: result.batchResponses.length };
}
