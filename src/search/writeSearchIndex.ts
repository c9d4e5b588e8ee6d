import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { packFiles, unpackFiles } from '../cache/filePack.ts';
import { buildLocalIndex, buildRecordChunks, type LocalIndex } from './localIndex/buildLocalIndex.ts';
import type { RecordChunksManifest } from './localIndex/indexFormat.ts';
import { searchSettings, settingsPath } from './searchSettings.ts';
import type { SearchRecord } from '../model/searchRecord.ts';

/**
 * Writes search into `outDir`: the split local index (its record chunks are the site's records,
 * which `search export` and `search push` read back), or, when a hosted index is configured, the
 * record chunks alone; and the settings the browser reads. `records` come in route order
 * (siteSearchRecords). With a `cacheDir`, the index of the last build is kept there (one pack
 * file) and restored when the records are the same.
 */
export async function writeSearchIndex(records: SearchRecord[], outDir: string, config: DocsgenConfig, cacheDir?: string): Promise<void> {
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  const basePath = `${config.baseUrl}search/index/`;
  let manifest: LocalIndex['manifest'] | undefined;
  let chunks: RecordChunksManifest | undefined;
  if (config.search.algolia) {
    const kept = buildRecordChunks(records, { basePath });
    chunks = kept.manifest;
    await writeIndexFiles(indexDir(outDir, config, chunks), kept.files);
  } else {
    const cached = cacheDir ? path.join(cacheDir, 'search-index', `${recordsDigest(records, basePath)}.files`) : undefined;
    const kept = cached && existsSync(cached) ? await restoreIndex(cached, outDir, config) : undefined;
    if (kept) {
      manifest = kept;
    } else {
      const local = buildLocalIndex(records, { basePath });
      manifest = local.manifest;
      await writeIndexFiles(indexDir(outDir, config, manifest), local.files);
      if (cached) await keepIndex(cached, local.files, manifest);
    }
  }
  await writeFile(path.join(outDir, settingsPath), JSON.stringify(searchSettings(config, manifest, chunks)));
}

/** Records hashed per piece; the whole JSON of a 10,000-page site is about 190 MB. */
const recordsPerPiece = 1_000;

/**
 * What names the kept index: a digest of `JSON.stringify(records)` and `basePath`, taken a piece
 * at a time, never holding the whole text.
 */
function recordsDigest(records: SearchRecord[], basePath: string): string {
  const hash = createHash('sha256');
  for (let start = 0; start === 0 || start < records.length; start += recordsPerPiece) {
    const items = records.slice(start, start + recordsPerPiece).map((record) => JSON.stringify(record)).join(',');
    hash.update(`${start === 0 ? '[' : ','}${items}${start + recordsPerPiece >= records.length ? ']' : ''}`);
  }
  return hash.update('\0').update(basePath).update('\0').digest('hex').slice(0, 32);
}

function indexDir(outDir: string, config: DocsgenConfig, manifest: RecordChunksManifest): string {
  return path.join(outDir, manifest.base.slice(config.baseUrl.length));
}

async function writeIndexFiles(dir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  await mkdir(dir, { recursive: true });
  // A few at a time: a large site has tens of thousands of index files.
  const entries = [...files];
  for (let start = 0; start < entries.length; start += 64) {
    await Promise.all(entries.slice(start, start + 64).map(([name, content]) => writeFile(path.join(dir, name), content)));
  }
}

/**
 * Keeps only this index in the cache (the previous one is replaced): its files and manifest as
 * one pack, written aside and renamed into place; a damaged pack is found when it is reused.
 */
async function keepIndex(cached: string, files: LocalIndex['files'], manifest: LocalIndex['manifest']): Promise<void> {
  const parent = path.dirname(cached);
  const temporary = `${cached}.${process.pid}.tmp`;
  await rm(parent, { recursive: true, force: true });
  await mkdir(parent, { recursive: true });
  await writeFile(temporary, packFiles(files, manifest));
  await rename(temporary, cached);
}

/** Writes the kept index into `outDir` when its pack verifies; undefined otherwise (it is built afresh). */
async function restoreIndex(cached: string, outDir: string, config: DocsgenConfig): Promise<LocalIndex['manifest'] | undefined> {
  const pack = await readFile(cached).catch(() => undefined);
  const kept = pack && unpackFiles<LocalIndex['manifest']>(pack);
  if (!kept) return undefined;
  await writeIndexFiles(indexDir(outDir, config, kept.meta), kept.files);
  return kept.meta;
}
