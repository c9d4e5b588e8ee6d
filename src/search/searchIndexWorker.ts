import { parentPort } from 'node:worker_threads';
import { thrownValue } from '../errors.ts';
import type { IndexReply, IndexRequest } from './searchIndexThread.ts';
import { writeSearchIndex } from './writeSearchIndex.ts';

/**
 * The search index's thread (searchIndexThread.ts): writes each index it is sent and answers,
 * one after the other (two indexes of one server write into the same folder).
 */
async function write({ id, pages, outDir, config, indexFileBytes }: IndexRequest): Promise<IndexReply> {
  try {
    await writeSearchIndex(pages, outDir, config, { indexFileBytes });
    return { id };
  } catch (error) {
    return { id, error: thrownValue(error) };
  }
}

let previous = Promise.resolve();
parentPort!.on('message', (request: IndexRequest) => {
  previous = previous.then(async () => parentPort!.postMessage(await write(request)));
});
