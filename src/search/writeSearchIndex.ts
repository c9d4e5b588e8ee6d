import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
import type { PageIndexPart } from './localIndex/pageIndexPart.ts';
import type { KeptPostings, PageRecords } from './localIndex/keptPostings.ts';
import { searchSettings, settingsPath } from './searchSettings.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { recordsDigest } from './recordsDigest.ts';
import { keepIndex, keptChunks, linkKeptIndex, readKeptIndex } from './keptIndex.ts';
import { isPartsFile, writePartsFile, type IndexFileContent } from './localIndex/fileParts.ts';
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
 * is kept there (links to its files: keptIndex.ts) and linked again when the records are the same;
 * a build whose records changed reuses its compressed record chunks for the pages that did not.
 * No record or postings file is larger than `indexFileBytes`.
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
  const kept = cacheDir ? await readKeptIndex(cacheDir) : undefined;
  let manifest: LocalIndex['manifest'] | undefined;
  let chunks: RecordChunksManifest | undefined;
  if (config.search.algolia) {
    const previousChunks = kept && keptChunks(kept);
    const built = buildRecordChunks((await pagesRecords(withRecords)).flat(), {
      basePath,
      indexFileBytes,
      previousChunks,
    });
    chunks = built.manifest;
    const dir = indexDir(outDir, chunks);
    await writeIndexFiles(dir, built.files);
    if (cacheDir) await keepIndex(cacheDir, dir, built.files.keys(), { manifest: chunks, chunks: built.chunkDigests });
  } else {
    const digests = withRecords.map((page) => page.recordsDigest ?? recordsDigest(pageRecords(page)));
    const key = cacheDir ? indexDigest(digests, `${basePath} ${indexFileBytes}`) : undefined;
    if (kept?.key !== undefined && kept.key === key && linkKeptIndex(kept, indexDir(outDir, kept.manifest))) {
      // The kept index is this one (the same records, written the same way): its files are linked, not read.
      manifest = kept.manifest as LocalIndex['manifest'];
    } else {
      const previousChunks = kept && keptChunks(kept);
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
      const dir = indexDir(outDir, manifest);
      await writeIndexFiles(dir, local.files);
      if (cacheDir) {
        await keepIndex(cacheDir, dir, local.files.keys(), { key, manifest, chunks: local.chunkDigests });
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

async function writeIndexFiles(dir: string, files: ReadonlyMap<string, IndexFileContent>): Promise<void> {
  await mkdir(dir, { recursive: true });
  // A large site has tens of thousands of index files.
  await pMap(
    files,
    async ([name, content]) => {
      if (isPartsFile(content)) writePartsFile(path.join(dir, name), content);
      else await writeFile(path.join(dir, name), content);
    },
    { concurrency: filesAtOnce },
  );
}

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
