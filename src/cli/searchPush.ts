import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import { DocsgenError } from '../errors.ts';
import { pushRecords } from '../search/algolia/pushRecords.ts';
import { recoverOutputDir } from '../write/outputDir.ts';
import { readSearchRecords } from '../search/readSearchRecords.ts';
import { exitCodes } from './exitCodes.ts';
import { adminKeyVariable } from './adminKey.ts';

/** `docsgen search push`: uploads the built site's records to the configured hosted index, replacing it atomically. */
export async function runSearchPush(options: { root: string; outDir: string; configFile: string }): Promise<number> {
  const { config, file } = await loadConfig(path.resolve(options.root, options.configFile), options.root);
  const algolia = config.search.algolia;
  if (!algolia) {
    const source = await readFile(file, 'utf8');
    throw new DocsgenError('config search.algolia: name appId, apiKey and indexName of the hosted index to push to', {
      file,
      ...locateConfigPath(source, ['search']),
    });
  }
  const adminKey = process.env[adminKeyVariable];
  if (!adminKey)
    throw new DocsgenError(
      `set ${adminKeyVariable} to the application's admin API key (the config's search-only key cannot write)`,
    );
  const outDir = path.resolve(options.root, options.outDir);
  await recoverOutputDir(outDir);
  const records = await readSearchRecords(outDir);
  const { batches } = await pushRecords({
    appId: algolia.appId,
    adminKey,
    indexName: algolia.indexName,
    hosts: algolia.hosts,
    records,
  }).catch((error: Error) => {
    throw new DocsgenError(`push to ${algolia.indexName} failed: ${error.name}: ${error.message}`);
  });
  console.log(
    `Pushed ${records.length} search records to ${algolia.indexName} in ${batches} batch${batches === 1 ? '' : 'es'}, replacing its records at once`,
  );
  return exitCodes.ok;
}
