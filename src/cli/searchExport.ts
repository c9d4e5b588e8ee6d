import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recoverOutputDir } from '../write/outputDir.ts';
import { readSearchRecords } from '../search/readSearchRecords.ts';
import { exitCodes } from './exitCodes.ts';

/**
 * `docsgen search export`: the built site's search records as JSON, on standard output unless a
 * file is named: nothing lands in the project that no one asked for (it wrote search-records.json
 * into the project root, which .gitignore does not cover), nor in dist/, which is deployed.
 */
export async function runSearchExport(options: { root: string; outDir: string; file?: string }): Promise<number> {
  const outDir = path.resolve(options.root, options.outDir);
  await recoverOutputDir(outDir);
  const records = await readSearchRecords(outDir);
  const json = `${JSON.stringify(records, null, 2)}\n`;
  if (options.file === undefined || options.file === '-') {
    await writeToStdout(json);
    return exitCodes.ok;
  }
  const file = path.resolve(options.root, options.file);
  await writeFile(file, json);
  console.log(`Wrote ${records.length} search records to ${file}`);
  return exitCodes.ok;
}

/**
 * Writes to standard output. A reader that stops early (`docsgen search export --file - | head`)
 * closes the pipe: that ends the export quietly, as it ends any Unix tool, not with a stack trace.
 */
function writeToStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? resolve() : reject(error));
    process.stdout.on('error', failed);
    process.stdout.write(text, (error) => (error ? failed(error) : resolve()));
  });
}
