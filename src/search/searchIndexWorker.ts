import { parentPort } from 'node:worker_threads';
import { thrownValue } from '../errors.ts';
import type { IndexAdd, IndexReply, IndexRequest } from './searchIndexThread.ts';
import { writeSearchIndex } from './writeSearchIndex.ts';
import { addIndexedPages, indexMadeAhead } from './indexMadeAhead.ts';

/**
 * The search index's thread (searchIndexThread.ts): works out the parts of the pages it is sent
 * ahead as they come, and writes each index it is asked for and answers, one after the other (two
 * indexes of one server write into the same folder).
 */
let made = indexMadeAhead();

async function write({ id, pages, outDir, config, indexFileBytes, cacheDir }: IndexRequest): Promise<IndexReply> {
  const added = made;
  made = indexMadeAhead();
  try {
    if (pages) await writeSearchIndex(pages, outDir, config, { cacheDir, indexFileBytes });
    else await writeSearchIndex(added.pages, outDir, config, { cacheDir, indexFileBytes, made: added });
    return { id };
  } catch (error) {
    return { id, error: thrownValue(error) };
  }
}

let previous = Promise.resolve();
parentPort!.on('message', (request: IndexRequest | IndexAdd) => {
  if ('add' in request) addIndexedPages(made, request.add);
  else previous = previous.then(async () => parentPort!.postMessage(await write(request)));
});
