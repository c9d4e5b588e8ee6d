import type { PageOutput } from '../model/pageOutput.ts';
import { compiledWorkerFile } from '../engineRoot.ts';
import { searchIndexWriter, type SearchIndexWriter } from './searchIndexThread.ts';
import { writeSearchIndex } from './writeSearchIndex.ts';

/** Records rendered before the build's index gets a thread of its own: below, it is written in the build's thread. */
export const indexThreadRecords = 10_000;

/**
 * The build's search index: written in the build's thread at the end, as before, unless its pages
 * bring `indexThreadRecords` records or more (decided as they are rendered): then a thread of its
 * own is started and given each page as it is rendered, works out the pages' index parts and
 * compresses their record chunks (indexMadeAhead.ts) on the other core while the next pages
 * render, and writes the index while the build's thread checks the links.
 */
export function searchIndexAhead(): SearchIndexWriter {
  const threaded = compiledWorkerFile('src/search/searchIndexWorker.mjs') !== undefined;
  let writer: SearchIndexWriter | undefined;
  let held: PageOutput[] = [];
  let records = 0;
  let added = 0;
  return {
    add(pages) {
      const withRecords = pages.filter((page) => page.records);
      if (!writer) {
        held.push(...withRecords);
        records += withRecords.reduce((sum, page) => sum + page.records!.length, 0);
        if (!threaded || records < indexThreadRecords) return;
        writer = searchIndexWriter();
        withRecords.splice(0, withRecords.length, ...held);
        held = [];
      }
      writer.add(withRecords);
      added += withRecords.length;
    },
    async write(pages, outDir, config, indexFileBytes, cacheDir) {
      if (!pages) throw new Error('the build writes the index of the pages it rendered');
      if (!writer) return writeSearchIndex(pages, outDir, config, { cacheDir, indexFileBytes });
      // Every page with records was added as it was rendered: otherwise they all go again.
      const all = pages.filter((page) => page.records).length !== added;
      return writer.write(all ? pages : undefined, outDir, config, indexFileBytes, cacheDir);
    },
    async close() {
      await writer?.close();
    },
  };
}
