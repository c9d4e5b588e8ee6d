import { parentPort, workerData } from 'node:worker_threads';
import { DocsgenError, errorValue } from '../errors.ts';
import { descriptionDownloads, postmanCollectionFile } from './descriptionFiles.ts';
import { foreignImageWarnings } from './descriptionImages.ts';
import { validateOpenApi } from './validateOpenApi.ts';
import { requestedDescription, type AheadReply, type AheadRequest, type Settled } from './descriptionFilesAhead.ts';

/**
 * A description's thread (descriptionFilesAhead.ts): sends the warnings for its images from hosts
 * the config does not list (the build's thread waits for them once the site has loaded), then Redocly's
 * check of the description it is given (the reference's first page waits for it), then its downloads, then its Postman
 * collection. A located mistake is sent as the check's or the file's; anything else, nothing, so
 * that the thread rendering the page or the file meets it there as it would have.
 */
const request = workerData as AheadRequest;
const api = requestedDescription(request);

async function settle<T>(make: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { value: await make() };
  } catch (error) {
    return error instanceof DocsgenError ? { error: errorValue(error) } : undefined;
  }
}

const send = (reply: AheadReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(reply, transfer);
/** The memory of these bytes, handed over with them where it is theirs alone (not a slice of Node's shared pool). */
const ownMemory = (...files: Uint8Array[]) =>
  files
    .filter((bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    .map(({ buffer }) => buffer as ArrayBuffer);
const { imageHosts, root } = request.images;
send({ imageWarnings: await settle(async () => foreignImageWarnings(api, imageHosts, root)) });
send({ checked: await settle(async () => (await validateOpenApi(api), true as const)) });
const downloads = await settle(() => descriptionDownloads(api));
send({ downloads }, downloads && 'value' in downloads ? ownMemory(downloads.value.yaml, downloads.value.json) : []);
const postman = await settle(async () => postmanCollectionFile(api));
send({ postman }, postman && 'value' in postman ? ownMemory(postman.value) : []);
