import { createHash } from 'node:crypto';
import type { SearchRecord } from '../model/searchRecord.ts';

/**
 * What names a page's search records: a digest of each record's JSON, a record at a time (a
 * site's whole JSON is 190 MB at 10,000 pages). The search index kept between builds is named by
 * these digests, page by page (writeSearchIndex); a page kept in the render cache carries its own
 * (pageSource's codec), so a warm build names the index without writing a record as JSON.
 */
export function recordsDigest(records: SearchRecord[]): string {
  return recordsJsonDigest(records.map((record) => JSON.stringify(record)));
}

/** recordsDigest, of the records' JSON (each record's `JSON.stringify`, in order), for a caller that writes that JSON too. */
export function recordsJsonDigest(recordsJson: readonly string[]): string {
  const hash = createHash('sha256');
  for (const json of recordsJson) hash.update(json).update('\n');
  return hash.digest('hex').slice(0, 32);
}
