import { buildInThread } from '../build/buildThread.ts';
import { exitCodes } from './exitCodes.ts';
import { buildProgress } from './buildProgress.ts';

/** `docsgen build`: the build with its progress line and summary; an error is printed by the CLI's one handler. */
export async function runBuild(options: {
  root: string;
  outDir: string;
  configFile: string;
  cache: boolean;
  quiet?: boolean;
}): Promise<number> {
  const progress = await buildProgress({
    stream: process.stderr,
    print: (line) => console.log(line),
    quiet: options.quiet ?? false,
  });
  try {
    const result = await buildInThread({
      ...options,
      log: (line) => console.warn(line),
      onProgress: progress.onProgress,
    });
    progress.finish(result);
    return exitCodes.ok;
  } catch (error) {
    // The live line goes before the error is printed.
    progress.fail();
    throw error;
  }
}
