import { gzipSync } from 'node:zlib';
import { defaultRecordsPerChunk } from './localIndex/buildLocalIndex.ts';
import { pageIndexPart, type PageIndexPart } from './localIndex/pageIndexPart.ts';
import type { CompressedChunks } from './localIndex/recordChunks.ts';
import { recordsDigest } from './recordsDigest.ts';
import type { IndexedPage } from './writeSearchIndex.ts';

/**
 * What of a site's search index is worked out page by page, as the pages are rendered, before the
 * index is written (searchIndexThread.ts): each page's records, their digest, the page's index part
 * (its repeats, its chunks' digests) and its compressed record chunks. These are the parts
 * writeSearchIndex otherwise works out for every page at the end of the build, and that a build
 * keeps in its cache for the next: the same values, found where it looks for the kept ones.
 */
export interface IndexMadeAhead {
  /** The pages, as they came, each with its records' digest. */
  pages: IndexedPage[];
  /** Each page's index part, by the page's URL (its records' `url_without_anchor`). */
  parts: Map<string, PageIndexPart>;
  /** The pages' compressed record chunks, by the digest of their JSON. */
  chunks: CompressedChunks;
}

export const indexMadeAhead = (): IndexMadeAhead => ({ pages: [], parts: new Map(), chunks: new Map() });

/** URLs seen on more than one page: their parts are worked out when the index is written, from the records in their order. */
const shared = new WeakMap<IndexMadeAhead, Set<string>>();

/** Adds rendered pages: their digests, index parts and compressed chunks worked out now. */
export function addIndexedPages(made: IndexMadeAhead, pages: IndexedPage[]): void {
  let seenTwice = shared.get(made);
  if (!seenTwice) shared.set(made, (seenTwice = new Set()));
  for (const page of pages) {
    if (!page.records) continue;
    made.pages.push({ ...page, recordsDigest: page.recordsDigest ?? recordsDigest(page.records) });
    if (page.records.length === 0) continue;
    // A part is the records of one URL in a row (pageRuns): a page whose records name several
    // URLs, or a URL of two pages, is left to writeSearchIndex, which works out its runs.
    const urls = new Set(page.records.map((record) => record.url_without_anchor));
    const [url] = urls;
    if (urls.size > 1 || seenTwice.has(url) || made.parts.has(url)) {
      for (const each of urls) {
        made.parts.delete(each);
        seenTwice.add(each);
      }
      continue;
    }
    const chunkTexts = new Map<string, string>();
    made.parts.set(url, pageIndexPart(page.records, defaultRecordsPerChunk, chunkTexts));
    for (const [digest, json] of chunkTexts) if (!made.chunks.has(digest)) made.chunks.set(digest, gzipSync(json));
  }
}
