import { Worker, type MessagePort } from 'node:worker_threads';
import { cacheSet } from '../cache/cacheSet.ts';
import type { ErrorValue } from '../errors.ts';
import { describedFiles, type Downloads } from './descriptionFiles.ts';
import { routeCache } from '../write/routeCache.ts';
import { describedFile, fileBytes, type OpenApiFile, type OpenApiModel } from './openApiModel.ts';
import { compiledWorkerFile } from '../engineRoot.ts';
import { markdownChannel } from './markdownAhead.ts';

/**
 * What another thread made (a file, as its bytes) or checked, or the located mistake that stopped it; undefined
 * where that thread could not make it (the description changed on disk meanwhile, a crash), and
 * the thread that renders the file makes it then, as without a thread ahead.
 */
export type Settled<T> = { value: T } | { error: ErrorValue } | undefined;

/**
 * What a description's thread is given: the description as this thread loaded it (a structured
 * clone), each file as the bytes it was read as, shared, where this thread has them, not as its
 * text (GitHub's: 13 MB shared, against 26 MB of two-byte text copied), and decoded there if asked.
 */
export interface AheadRequest {
  api: Omit<OpenApiModel, 'files'> & { files: (OpenApiFile | SharedFile)[] };
  /** What its images are checked against (`foreignImageWarnings`): the config's image hosts and the project root its places are written from. */
  images: ImageCheck;
  /** Its end of the channel the description's Markdown is asked for and sent back on (markdownAhead.ts). */
  markdown?: MessagePort;
}

/** The config's `apiReference.imageHosts` and the project root, for `foreignImageWarnings`. */
export interface ImageCheck {
  imageHosts: readonly string[];
  root: string;
}

/** A file of the description as its bytes (in memory both threads share). */
interface SharedFile {
  file: string;
  digest: string;
  shared: Uint8Array;
}

/** The description as the description's thread is given it. */
export const requestOf = (api: OpenApiModel, images: ImageCheck): AheadRequest => ({
  images,
  api: {
    ...api,
    files: api.files.map((entry) => {
      const bytes = fileBytes(entry);
      return bytes?.buffer instanceof SharedArrayBuffer
        ? { file: entry.file, digest: entry.digest, shared: bytes }
        : entry;
    }),
  },
});

/** The description the description's thread was given, each file's text decoded from its bytes when asked for. */
export const requestedDescription = ({ api }: AheadRequest): OpenApiModel => ({
  ...api,
  files: api.files.map((entry) =>
    'shared' in entry
      ? describedFile(
          entry.file,
          Buffer.from(entry.shared.buffer, entry.shared.byteOffset, entry.shared.byteLength),
          entry.digest,
        )
      : entry,
  ),
});

/** What it sends back, one at a time: the image warnings, Redocly's check of the description, then each file. */
export type AheadReply =
  | { imageWarnings: Settled<string[]> }
  | { checked: Settled<true> }
  | { downloads: Settled<Downloads> }
  | { postman: Settled<Uint8Array> };

/** The check and the files of a description under way in their own thread. */
export interface FilesAhead {
  /**
   * The description's images from hosts the config does not list, as warnings (src/openapi/descriptionImages.ts):
   * placing them scans the description's text (GitHub's 13 MB: ~0.3 s of CPU), which the build's thread
   * did on its critical path while this one had not begun its check.
   */
  imageWarnings: Promise<Settled<string[]>>;
  /** Redocly's check of the description (src/openapi/validateOpenApi.ts): passed, or its located error. */
  checked: Promise<Settled<true>>;
  downloads: Promise<Settled<Downloads>>;
  postman: Promise<Settled<Uint8Array>>;
}

/** This thread's descriptions whose files are being made ahead, by their document. */
const ahead = new WeakMap<object, FilesAhead>();

export const descriptionFilesAhead = (api: OpenApiModel): FilesAhead | undefined => ahead.get(api.document);

/**
 * Below this much description, making its files where they are rendered costs less than a
 * thread's start and a second load (this site's 139 KB: ~0.3 s of conversion in all).
 */
const minimumBytes = 1 << 20;

/**
 * Starts checking a large description with Redocly and making its downloads and Postman
 * collection in a thread of their own as soon as it is loaded, unless the cache has the files:
 * GitHub's (13 MB) take ~3.5 s of CPU, which a render thread otherwise spent once the site had
 * loaded, while the other core idled through the load (the reference's outline, its page plan);
 * its check (Redocly's import and lint, ~8% of the build's thread) went before the reference's
 * first page, which now waits for the thread's answer while the other pages render. That thread is given the loaded model, which
 * costs less than loading the description again there (one thread, CPU, loaded machine: Stripe's
 * YAML 372 ms to load cold against 18–32 ms to serialize here and 30–71 ms to read there; GitHub's
 * JSON 278 ms against 44–47 and 90–174 ms), and is the description this build read, whatever
 * happened to its files since. Returns what stops it (a build that fails early), or undefined when
 * nothing was started (then each file is made where it is rendered).
 */
export function startDescriptionFiles(
  api: OpenApiModel,
  { cacheDir, images }: { cacheDir?: string; images: ImageCheck },
): (() => Promise<void>) | undefined {
  const workerFile = compiledWorkerFile('src/openapi/descriptionFilesWorker.mjs');
  if (!workerFile || ahead.has(api.document)) return undefined;
  if (api.files.reduce((sum, { bytes }) => sum + bytes, 0) < minimumBytes) return undefined;
  if (cachedFiles(api, cacheDir)) return undefined;
  const markdown = markdownChannel(api);
  const worker = new Worker(workerFile, {
    workerData: { ...requestOf(api, images), markdown },
    transferList: [markdown],
  });
  let warned: (settled: Settled<string[]>) => void = () => {};
  let checked: (settled: Settled<true>) => void = () => {};
  let downloaded: (settled: Settled<Downloads>) => void = () => {};
  let converted: (settled: Settled<Uint8Array>) => void = () => {};
  ahead.set(api.document, {
    imageWarnings: new Promise((resolve) => (warned = resolve)),
    checked: new Promise((resolve) => (checked = resolve)),
    downloads: new Promise((resolve) => (downloaded = resolve)),
    postman: new Promise((resolve) => (converted = resolve)),
  });
  worker.on('message', (reply: AheadReply) => {
    if ('imageWarnings' in reply) warned(reply.imageWarnings);
    if ('checked' in reply) checked(reply.checked);
    if ('downloads' in reply) downloaded(reply.downloads);
    if ('postman' in reply) converted(reply.postman);
  });
  // Whatever it had not sent when it stopped is made (or checked) where it is rendered (a promise settles once).
  const unsent = () => {
    warned(undefined);
    checked(undefined);
    downloaded(undefined);
    converted(undefined);
  };
  worker.on('error', unsent);
  worker.on('exit', unsent);
  return async () => {
    await worker.terminate();
  };
}

/** Whether the cache holds every file of this description already (a build before this one made them). */
function cachedFiles(api: OpenApiModel, cacheDir: string | undefined): boolean {
  if (cacheDir === undefined) return false;
  const caches = cacheSet({ cacheDir });
  try {
    const files = routeCache(caches, describedFiles.name, 3);
    return (['postman', 'yaml', 'json'] as const).every((kind) => files.has(describedFiles.key(api, kind)));
  } finally {
    caches.close();
  }
}
