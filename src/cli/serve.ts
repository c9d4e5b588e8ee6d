import path from 'node:path';
import { build } from '../build/build.ts';
import { DocsgenError } from '../errors.ts';
import { createStaticServer } from '../serve/staticServer.ts';
import { exitCodes } from './exitCodes.ts';

export interface ServeOptions {
  root: string;
  outDir: string;
  configFile: string;
  port: number;
  host: string;
  watch: boolean;
  open: boolean;
}

/** Builds, then serves the output folder until interrupted. */
export async function runServe(options: ServeOptions): Promise<number> {
  try {
    const result = await build({ root: options.root, outDir: options.outDir, configFile: options.configFile, log: (line) => console.warn(line) });
    console.log(`Built ${result.routes.length} pages in ${(result.durationMs / 1000).toFixed(2)} s`);
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    console.error(`error: ${error.format()}`);
    return exitCodes.contentError;
  }
  const server = createStaticServer({ dir: path.resolve(options.root, options.outDir), port: options.port, host: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  console.log(`Serving the site at http://${options.host}:${port}/ (Ctrl+C to stop)`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return exitCodes.ok;
}
