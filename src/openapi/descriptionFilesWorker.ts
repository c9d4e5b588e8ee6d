import { parentPort, workerData } from 'node:worker_threads';
import { DocsgenError, errorValue } from '../errors.ts';
import { descriptionDownloads, postmanCollectionText } from './descriptionFiles.ts';
import type { AheadReply, AheadRequest, Settled } from './descriptionFilesAhead.ts';

/**
 * A description's thread (descriptionFilesAhead.ts): sends the downloads of the description it is
 * given, then its Postman collection. A located mistake is sent as the file's; anything else,
 * nothing, so that the thread rendering the file meets it there as it would have.
 */
const { api } = workerData as AheadRequest;

async function settle<T>(make: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { value: await make() };
  } catch (error) {
    return error instanceof DocsgenError ? { error: errorValue(error) } : undefined;
  }
}

const send = (reply: AheadReply) => parentPort!.postMessage(reply);
send({ downloads: await settle(() => descriptionDownloads(api)) });
send({ postman: await settle(async () => postmanCollectionText(api)) });
