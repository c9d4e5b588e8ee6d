import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { buildLocalIndex } from './localIndex/buildLocalIndex.ts';
import { searchSettings, settingsPath } from './searchSettings.ts';
import type { SearchRecord } from './searchRecord.ts';

export const recordsPath = 'search/records.json';

/**
 * Writes search into `outDir`: every page's records (`search/records.json`, for export and
 * push), the split local index unless a hosted index is configured, and the settings the
 * browser reads. `records` come in route order (siteSearchRecords).
 */
export async function writeSearchIndex(records: SearchRecord[], outDir: string, config: DocsgenConfig): Promise<void> {
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  await writeFile(path.join(outDir, recordsPath), JSON.stringify(records));
  const local = config.search.algolia ? undefined : buildLocalIndex(records, { basePath: `${config.baseUrl}search/index/` });
  if (local) {
    const dir = path.join(outDir, local.manifest.base.slice(config.baseUrl.length));
    await mkdir(dir, { recursive: true });
    // A few at a time: a large site has tens of thousands of index files.
    const files = [...local.files];
    for (let start = 0; start < files.length; start += 64) {
      await Promise.all(files.slice(start, start + 64).map(([name, content]) => writeFile(path.join(dir, name), content)));
    }
  }
  await writeFile(path.join(outDir, settingsPath), JSON.stringify(searchSettings(config, local?.manifest)));
}
