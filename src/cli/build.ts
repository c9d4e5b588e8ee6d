import { build } from '../build/build.ts';
import { DocsgenError } from '../errors.ts';
import { exitCodes } from './exitCodes.ts';
import { buildProgress } from './buildProgress.ts';

export async function runBuild(options: { root: string; outDir: string; configFile: string; cache: boolean; quiet?: boolean }): Promise<number> {
  const progress = buildProgress({ stream: process.stderr, print: (line) => console.log(line), quiet: options.quiet ?? false });
  try {
    const result = await build({ ...options, log: (line) => console.warn(line), onProgress: progress.onProgress });
    progress.finish(result);
    return exitCodes.ok;
  } catch (error) {
    progress.fail();
    if (!(error instanceof DocsgenError)) throw error;
    console.error(`error: ${error.format()}`);
    console.error('The previous output folder was left as it was.');
    return exitCodes.contentError;
  }
}
