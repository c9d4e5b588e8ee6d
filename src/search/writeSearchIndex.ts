import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { unpackFiles, writePackAside } from '../cache/filePack.ts';
import {
  buildLocalIndex,
  buildRecordChunks,
  defaultRecordsPerChunk,
  type LocalIndex,
} from './localIndex/buildLocalIndex.ts';
import type { RecordChunksManifest } from './localIndex/indexFormat.ts';
import type { CompressedChunks } from './localIndex/recordChunks.ts';
import type { PageIndexPart } from './localIndex/pageIndexPart.ts';
import type { KeptPostings, PageRecords } from './localIndex/keptPostings.ts';
import { searchSettings, settingsPath } from './searchSettings.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { recordsDigest } from './recordsDigest.ts';
import { pageRecords, pagesRecords, recordCount, recordsUrl, standInRecords } from './keptRecords.ts';
import pMap from 'p-map';
import { filesAtOnce } from '../fs/filesAtOnce.ts';

/** What the index is made of: each page's records (or those the cache kept: keptRecords.ts), by its route. */
export type IndexedPage = Pick<PageOutput, 'route' | 'records' | 'keptRecords' | 'recordsDigest'>;

/** What of the config the index and its settings follow. */
export type IndexConfig = Pick<DocsgenConfig, 'baseUrl' | 'search'>;

/**
 * Writes search into `outDir`: the split local index (its record chunks are the site's records,
 * which `search export` and `search push` read back), or, when a hosted index is configured, the
 * record chunks alone; and the settings the browser reads. The records are the pages' (`pages`,
 * in any order), in route order (siteSearchPages). With a `cacheDir`, the index of the last build
 * is kept there (one pack file) and restored when the records are the same, and its compressed
 * record chunks too (another), which a build whose records changed reuses for the pages that did
 * not. No record or postings file is larger than `indexFileBytes`.
 */
export async function writeSearchIndex(
  pages: IndexedPage[],
  outDir: string,
  config: IndexConfig,
  { cacheDir, indexFileBytes }: { cacheDir?: string; indexFileBytes: number },
): Promise<void> {
  const withRecords = siteSearchPages(pages);
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  const basePath = `${config.baseUrl}${indexFolder}/`;
  let manifest: LocalIndex['manifest'] | undefined;
  let chunks: RecordChunksManifest | undefined;
  if (config.search.algolia) {
    const previousChunks = cacheDir ? await keptChunks(cacheDir) : undefined;
    const kept = buildRecordChunks((await pagesRecords(withRecords)).flat(), {
      basePath,
      indexFileBytes,
      previousChunks,
    });
    chunks = kept.manifest;
    await writeIndexFiles(indexDir(outDir, chunks), kept.files);
    if (cacheDir) await keepChunks(cacheDir, kept.compressedChunks, previousChunks);
  } else {
    const digests = withRecords.map((page) => page.recordsDigest ?? recordsDigest(pageRecords(page)));
    const cached = cacheDir
      ? path.join(cacheDir, 'search-index', `${indexDigest(digests, `${basePath} ${indexFileBytes}`)}.files`)
      : undefined;
    const kept = cached && existsSync(cached) ? await restoreIndex(cached, outDir) : undefined;
    if (kept) {
      manifest = kept;
    } else {
      const previousChunks = cacheDir ? await keptChunks(cacheDir) : undefined;
      const previousParts = cacheDir ? await keptParts(cacheDir) : new Map<string, PageIndexPart>();
      // A page's kept part by its URL, when its records are the ones it was made from.
      const knownParts = new Map<string, PageIndexPart>();
      withRecords.forEach((page, index) => {
        const part = previousParts.get(digests[index]);
        const url = recordsUrl(page);
        if (part && url !== undefined) knownParts.set(url, part);
      });
      const pages = withRecords.map((page, index) => ({ digest: digests[index], records: recordCount(page) }));
      const keptPostings = cacheDir ? await keptPostingsOf(cacheDir) : undefined;
      // A kept page whose part, postings and compressed chunks the last build all kept is neither
      // tokenized nor compressed: stand-ins of its records do (keptRecords.ts); any other is read.
      const keptPages = new Map(keptPostings?.pages.map((page) => [page.digest, page.records]));
      const whole = (part: PageIndexPart | undefined) =>
        part?.recordsPerChunk === defaultRecordsPerChunk && part.chunks.every((chunk) => previousChunks?.has(chunk));
      const standIns = withRecords.map((page, index) => {
        const unchanged =
          page.keptRecords &&
          keptPages.get(digests[index]) === page.keptRecords.count &&
          whole(previousParts.get(digests[index]));
        return (unchanged && standInRecords(page.keptRecords!)) || undefined;
      });
      // The others' records, read from the cache where they are kept apart.
      const read = await pagesRecords(withRecords.filter((_, index) => !standIns[index]));
      let next = 0;
      const records = standIns.flatMap((standIn) => standIn ?? read[next++]);
      const local = buildLocalIndex(records, {
        basePath,
        indexFileBytes,
        previousChunks,
        knownParts,
        pages,
        keptPostings,
      });
      manifest = local.manifest;
      await writeIndexFiles(indexDir(outDir, manifest), local.files);
      if (cached) await keepIndex(cached, local.files, manifest);
      if (cacheDir) {
        await keepChunks(cacheDir, local.compressedChunks, previousChunks);
        const parts = new Map<string, PageIndexPart>();
        withRecords.forEach((page, index) => {
          const url = recordsUrl(page);
          const part = url !== undefined && local.pageParts.get(url);
          if (part) parts.set(digests[index], part);
        });
        await keepParts(cacheDir, parts, previousParts);
        if (local.postings) await keepPostings(cacheDir, local.postings);
      }
    }
  }
  await writeFile(path.join(outDir, settingsPath), JSON.stringify(searchSettings(config, manifest, chunks)));
}

/** The pages that have records, in route order (whatever order they were built in): the site's records are theirs in this order. */
function siteSearchPages(pages: IndexedPage[]): IndexedPage[] {
  return pages
    .filter((page) => page.records ?? page.keptRecords)
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/**
 * What names the kept index: the digest of every page's records (`digests`, in route order; a page
 * from the render cache brings its own), and of how it is written (`basePath`, file sizes).
 */
function indexDigest(digests: string[], layout: string): string {
  const hash = createHash('sha256');
  for (const digest of digests) hash.update(digest).update('\n');
  return hash.update('\0').update(layout).digest('hex').slice(0, 32);
}

/** The index's files under the output folder, below the site's base URL: `search/index/<content hash>/`. */
const indexFolder = 'search/index';

/** Where the files a manifest names are in a built site (whatever base URL the site is served under). */
export function indexDir(outDir: string, manifest: RecordChunksManifest): string {
  return path.join(outDir, indexFolder, path.posix.basename(manifest.base));
}

async function writeIndexFiles(dir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  await mkdir(dir, { recursive: true });
  // A large site has tens of thousands of index files.
  await pMap(files, ([name, content]) => writeFile(path.join(dir, name), content), { concurrency: filesAtOnce });
}

/**
 * Keeps only this index in the cache (the previous one is replaced): its files and manifest as
 * one pack, written aside and renamed into place; a damaged pack is found when it is reused.
 */
async function keepIndex(cached: string, files: LocalIndex['files'], manifest: LocalIndex['manifest']): Promise<void> {
  const parent = path.dirname(cached);
  await rm(parent, { recursive: true, force: true });
  await mkdir(parent, { recursive: true });
  await writePackAside(cached, files, manifest);
}

/** The kept record chunks' pack (one file, named by no digest: each build's replaces the last's). */
const chunksPack = (cacheDir: string) => path.join(cacheDir, 'search-chunks.files');

/** The last build's compressed record chunks, by their digests; none when the pack is missing or damaged. */
async function keptChunks(cacheDir: string): Promise<CompressedChunks> {
  const pack = await readFile(chunksPack(cacheDir)).catch(() => undefined);
  return (pack && unpackFiles<null>(pack)?.files) ?? new Map();
}

/** Keeps this build's compressed record chunks (and only them) for the next, unless they are the ones kept already. */
const keepChunks = (cacheDir: string, chunks: CompressedChunks, previous: CompressedChunks = new Map()) =>
  keepByDigest(chunksPack(cacheDir), chunks, previous, (bytes) => bytes);

/** Keeps `values` as the pack `file`, replacing the last build's, unless it holds the same digests already. */
async function keepByDigest<T>(
  file: string,
  values: Map<string, T>,
  previous: ReadonlyMap<string, unknown>,
  encode: (value: T) => string | Uint8Array,
): Promise<void> {
  if (values.size === previous.size && [...values.keys()].every((digest) => previous.has(digest))) return;
  await writePackAside(file, new Map([...values].map(([digest, value]) => [digest, encode(value)])), null);
}

/** The kept pages' index parts (one pack, each build's replacing the last's), by their records' digests. */
const partsPack = (cacheDir: string) => path.join(cacheDir, 'search-pages.files');

/** The last build's pages' index parts, by their records' digests; none when the pack is missing or damaged. */
async function keptParts(cacheDir: string): Promise<Map<string, PageIndexPart>> {
  const pack = await readFile(partsPack(cacheDir)).catch(() => undefined);
  const files = (pack && unpackFiles<null>(pack)?.files) ?? new Map<string, Buffer>();
  // The pack verified against its digest, and its folder is this engine's: its parts are this code's.
  return new Map([...files].map(([digest, bytes]) => [digest, JSON.parse(bytes.toString('utf8')) as PageIndexPart]));
}

/** Keeps this build's pages' index parts (and only them) for the next, unless they are the ones kept already. */
const keepParts = (cacheDir: string, parts: Map<string, PageIndexPart>, previous: Map<string, PageIndexPart>) =>
  keepByDigest(partsPack(cacheDir), parts, previous, (part) => JSON.stringify(part));

/** The kept postings' pack (one file, each build's replacing the last's). */
const postingsPack = (cacheDir: string) => path.join(cacheDir, 'search-postings.files');

/** The last build's postings and the pages they were made from; none when the pack is missing or damaged. */
async function keptPostingsOf(cacheDir: string): Promise<KeptPostings | undefined> {
  const pack = await readFile(postingsPack(cacheDir)).catch(() => undefined);
  const kept = pack && unpackFiles<PageRecords[]>(pack);
  // The pack verified against its digest, and its folder is this engine's: its postings are this code's.
  return kept ? { pages: kept.meta, terms: kept.files } : undefined;
}

/** Keeps this build's postings (and only them) for the next. */
const keepPostings = (cacheDir: string, postings: KeptPostings) =>
  writePackAside(postingsPack(cacheDir), new Map(postings.terms), postings.pages);

/** Writes the kept index into `outDir` when its pack verifies; undefined otherwise (it is built afresh). */
async function restoreIndex(cached: string, outDir: string): Promise<LocalIndex['manifest'] | undefined> {
  const pack = await readFile(cached).catch(() => undefined);
  const kept = pack && unpackFiles<LocalIndex['manifest']>(pack);
  if (!kept) return undefined;
  await writeIndexFiles(indexDir(outDir, kept.meta), kept.files);
  return kept.meta;
}
