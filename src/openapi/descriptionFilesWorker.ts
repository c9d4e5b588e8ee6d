import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { DocsgenError, errorValue } from '../errors.ts';
import { descriptionDownloads, postmanCollectionFile } from './descriptionFiles.ts';
import { foreignImageWarnings } from './descriptionImages.ts';
import { validateOpenApi } from './validateOpenApi.ts';
import { requestedDescription, type AheadReply, type AheadRequest, type Settled } from './descriptionFilesAhead.ts';
import { markdownRequested, renderMarkdownAsked } from './renderMarkdownAsked.ts';
import type { MarkdownAsk } from './markdownAhead.ts';

/**
 * A description's thread (descriptionFilesAhead.ts): sends the warnings for its images from hosts
 * the config does not list (the build's thread waits for them once the site has loaded), then Redocly's
 * check of the description it is given (the reference's first page waits for it), then the description's
 * Markdown the pages render (markdownAhead.ts) when the build's thread has asked for it by then, then its
 * downloads, then its Postman collection (written once the pages are: GitHub's came ~30% of the
 * build before its end), then the Markdown if it was asked for later. A located mistake is sent as
 * the check's or the file's; anything else, nothing, so
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
// The Markdown the pages render, asked for once the site's routes are known (on GitHub's, before the check ends):
// rendered as soon as it is asked for, between the files, or once they are made.
const { markdown: port } = request;
let rendered = false;
const renderIfAsked = async () => {
  const asked = port && !rendered ? markdownRequested(port) : undefined;
  if (!asked) return;
  rendered = true;
  await renderMarkdownAsked(port!, asked).catch(() => {});
};
await renderIfAsked();
const downloads = await settle(() => descriptionDownloads(api));
send({ downloads }, downloads && 'value' in downloads ? ownMemory(downloads.value.yaml, downloads.value.json) : []);
await renderIfAsked();
const postman = await settle(async () => postmanCollectionFile(api));
send({ postman }, postman && 'value' in postman ? ownMemory(postman.value) : []);
await renderIfAsked();
if (port && !rendered) {
  // Nothing left but what may still be asked for (the build's thread ends this one once its pages are rendered).
  const [ask] = (await once(port, 'message')) as [MarkdownAsk];
  if ('request' in ask) await renderMarkdownAsked(port, ask.request).catch(() => {});
}
