import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import type { SearchRecord } from '../model/searchRecord.ts';
import { chunkLocations, unpackChunk } from './localIndex/indexFormat.ts';
import { storedToSearchRecord } from './localIndex/recordChunks.ts';
import { settingsPath, type SearchSettings } from './searchSettings.ts';
import { indexDir } from './writeSearchIndex.ts';

/**
 * The records a build wrote into `outDir`, in the DocSearch shape, read back from the record
 * files its search settings point to; an error names the file when there is no build.
 */
export async function readSearchRecords(outDir: string): Promise<SearchRecord[]> {
  const file = path.join(outDir, settingsPath);
  const settings = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as SearchSettings,
    () => undefined,
  );
  if (!settings)
    throw new DocsgenError('no search records: run `docsgen build` first (or pass the build folder with --out)', {
      file,
    });
  const manifest = settings.backend.kind === 'local' ? settings.backend.index : settings.records;
  if (!manifest)
    throw new DocsgenError('no search records in this build: build it again with this version of docsgen', { file });
  const dir = indexDir(outDir, manifest);
  const records: SearchRecord[] = [];
  const files = new Map<string, Promise<Buffer | undefined>>();
  for (const { file, offset, length } of chunkLocations(manifest)) {
    const recordFile = path.join(dir, file);
    if (!files.has(file))
      files.set(
        file,
        readFile(recordFile).catch(() => undefined),
      );
    const bytes = await files.get(file);
    const stored =
      bytes && bytes.length >= offset + length
        ? await unpackChunk(bytes.subarray(offset, offset + length)).catch(() => undefined)
        : undefined;
    if (!stored)
      throw new DocsgenError('a record file of the build is missing or damaged: run `docsgen build` again', {
        file: recordFile,
      });
    records.push(...stored.map(storedToSearchRecord));
  }
  return records;
}
