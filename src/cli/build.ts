import { build } from '../build/build.ts';
import { DocsgenError } from '../errors.ts';
import { exitCodes } from './exitCodes.ts';

export async function runBuild(options: { root: string; outDir: string; configFile: string; cache: boolean }): Promise<number> {
  try {
    const result = await build({ ...options, log: (line) => console.warn(line) });
    const seconds = (result.durationMs / 1000).toFixed(2);
    const cache = result.cacheBytes === undefined ? '' : ` (cache ${(result.cacheBytes / 2 ** 20).toFixed(1)} MB)`;
    console.log(`Built ${result.routes.length} pages into ${result.outDir} in ${seconds} s${cache}`);
    return exitCodes.ok;
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    console.error(`error: ${error.format()}`);
    console.error('The previous output folder was left as it was.');
    return exitCodes.contentError;
  }
}
