import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { hashOf } from '../cache/renderCache.ts';
import { digestOf, seal, unsealJson } from '../cache/cacheIntegrity.ts';
import { buildLocalIndex, type LocalIndex } from './localIndex/buildLocalIndex.ts';
import { searchSettings, settingsPath } from './searchSettings.ts';
import type { SearchRecord } from '../model/searchRecord.ts';

export const recordsPath = 'search/records.json';

/**
 * Writes search into `outDir`: every page's records (`search/records.json`, for export and
 * push), the split local index unless a hosted index is configured, and the settings the
 * browser reads. `records` come in route order (siteSearchRecords). With a `cacheDir`, the
 * index of the last build is kept there and copied when the records are the same.
 */
export async function writeSearchIndex(records: SearchRecord[], outDir: string, config: DocsgenConfig, cacheDir?: string): Promise<void> {
  const recordsJson = JSON.stringify(records);
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  await writeFile(path.join(outDir, recordsPath), recordsJson);
  let manifest: LocalIndex['manifest'] | undefined;
  if (!config.search.algolia) {
    const basePath = `${config.baseUrl}search/index/`;
    const cached = cacheDir ? path.join(cacheDir, 'search-index', hashOf(recordsJson, basePath)) : undefined;
    const kept = cached && existsSync(path.join(cached, 'manifest.json')) ? await restoreIndex(cached, outDir, config) : undefined;
    if (kept) {
      manifest = kept;
    } else {
      const local = buildLocalIndex(records, { basePath });
      manifest = local.manifest;
      await writeIndexFiles(indexDir(outDir, config, manifest), local.files);
      if (cached) await keepIndex(cached, indexDir(outDir, config, manifest), manifest);
    }
  }
  await writeFile(path.join(outDir, settingsPath), JSON.stringify(searchSettings(config, manifest)));
}

function indexDir(outDir: string, config: DocsgenConfig, manifest: LocalIndex['manifest']): string {
  return path.join(outDir, manifest.base.slice(config.baseUrl.length));
}

async function writeIndexFiles(dir: string, files: LocalIndex['files']): Promise<void> {
  await mkdir(dir, { recursive: true });
  // A few at a time: a large site has tens of thousands of index files.
  const entries = [...files];
  for (let start = 0; start < entries.length; start += 64) {
    await Promise.all(entries.slice(start, start + 64).map(([name, content]) => writeFile(path.join(dir, name), content)));
  }
}

/** What the cache keeps of an index: its manifest and each file's digest. */
interface KeptIndex {
  manifest: LocalIndex['manifest'];
  digests: Record<string, string>;
}

/**
 * Keeps only this index in the cache (the previous one is replaced), written aside and renamed
 * into place, with each file's digest: a damaged file is found when the index is reused.
 */
async function keepIndex(cached: string, dir: string, manifest: LocalIndex['manifest']): Promise<void> {
  const parent = path.dirname(cached);
  const temporary = `${cached}.${process.pid}.tmp`;
  await rm(parent, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  await copyFiles(dir, path.join(temporary, 'files'));
  const digests: Record<string, string> = {};
  for (const name of await readdir(dir)) digests[name] = digestOf(await readFile(path.join(dir, name)));
  await writeFile(path.join(temporary, 'manifest.json'), seal(JSON.stringify({ manifest, digests } satisfies KeptIndex)));
  await rename(temporary, cached);
}

/** Writes the kept index into `outDir` when its manifest and every file verify; undefined otherwise (it is built afresh). */
async function restoreIndex(cached: string, outDir: string, config: DocsgenConfig): Promise<LocalIndex['manifest'] | undefined> {
  const kept = await readFile(path.join(cached, 'manifest.json'), 'utf8').then((text) => unsealJson<KeptIndex>(text), () => undefined);
  if (!kept) return undefined;
  const names = Object.keys(kept.digests);
  const files = new Map<string, Buffer>();
  for (let start = 0; start < names.length; start += 64) {
    const batch = await Promise.all(names.slice(start, start + 64).map((name) => readFile(path.join(cached, 'files', name)).catch(() => undefined)));
    for (const [i, bytes] of batch.entries()) {
      if (!bytes || digestOf(bytes) !== kept.digests[names[start + i]]) return undefined;
      files.set(names[start + i], bytes);
    }
  }
  await writeIndexFiles(indexDir(outDir, config, kept.manifest), files);
  return kept.manifest;
}

/** Copies a flat folder of index files, a batch at a time (fs.cp took 1.9 s for 1,400 files). */
async function copyFiles(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const names = await readdir(from);
  for (let start = 0; start < names.length; start += 64) {
    await Promise.all(names.slice(start, start + 64).map((name) => copyFile(path.join(from, name), path.join(to, name))));
  }
}
