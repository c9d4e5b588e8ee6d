import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import type { SearchRecord } from '../model/searchRecord.ts';
import { recordsPath } from './writeSearchIndex.ts';

/** The records a build wrote into `outDir`; an error names the file when there is no build. */
export async function readSearchRecords(outDir: string): Promise<SearchRecord[]> {
  const file = path.join(outDir, recordsPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new DocsgenError('no search records: run `docsgen build` first (or pass the build folder with --out)', { file });
  }
  return JSON.parse(text) as SearchRecord[];
}
