import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import type { SearchRecord } from '../model/searchRecord.ts';
import { recordsFile, type StoredRecord } from './localIndex/indexFormat.ts';
import { storedToSearchRecord } from './localIndex/recordChunks.ts';
import { settingsPath, type SearchSettings } from './searchSettings.ts';
import { indexDir } from './writeSearchIndex.ts';

/**
 * The records a build wrote into `outDir`, in the DocSearch shape, read back from the record
 * chunks its search settings point to; an error names the file when there is no build.
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
  for (let chunk = 0; chunk * manifest.recordsPerChunk < manifest.records; chunk++) {
    const chunkFile = path.join(dir, recordsFile(chunk));
    const stored = await readFile(chunkFile, 'utf8').then(
      (text) => JSON.parse(text) as StoredRecord[],
      () => undefined,
    );
    if (!stored)
      throw new DocsgenError('a record chunk of the build is missing or damaged: run `docsgen build` again', {
        file: chunkFile,
      });
    records.push(...stored.map(storedToSearchRecord));
  }
  return records;
}
