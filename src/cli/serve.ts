import path from 'node:path';
import type http from 'node:http';
import { spawn } from 'node:child_process';
import { build } from '../build/build.ts';
import { folderPages, createServer } from '../serve/createServer.ts';
import { startDevServer } from '../serve/devServer.ts';
import { exitCodes } from './exitCodes.ts';
import { describeRoutes } from './describeRoutes.ts';

/** `docsgen serve`'s command line. */
export interface ServeOptions {
  root: string;
  outDir: string;
  configFile: string;
  port: number;
  host: string;
  /** Host names the server answers to besides IP addresses, `localhost` and `host`. */
  allowedHosts: string[];
  watch: boolean;
  open: boolean;
}

/**
 * Serves the site until interrupted: with --watch from the sources, re-rendering what each
 * saved change affects; without it, the built output folder.
 */
export async function runServe(options: ServeOptions): Promise<number> {
  const started = performance.now();
  const allowedHosts = [options.host, ...options.allowedHosts];
  let server: http.Server;
  let close: () => Promise<void>;
  let baseUrl = () => '/';
  let dotfiles: readonly string[] = [];
  if (options.watch) {
    const dev = await startDevServer({ root: options.root, configFile: options.configFile, allowedHosts });
    server = dev.server;
    close = dev.close;
    baseUrl = dev.baseUrl;
  } else {
    const result = await build({
      root: options.root,
      outDir: options.outDir,
      configFile: options.configFile,
      log: (line) => console.warn(line),
    });
    baseUrl = () => result.baseUrl;
    dotfiles = result.publicDotfiles;
    console.log(
      `Built ${describeRoutes(result.counts)} (${result.counts.routes} routes) in ${(result.durationMs / 1000).toFixed(2)} s`,
    );
    const dir = path.resolve(options.root, options.outDir);
    server = createServer({ pages: folderPages(dir), staticDirs: [dir], dotfiles, allowedHosts, baseUrl });
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, resolve);
    });
  } catch (error) {
    console.error(`error: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    await close();
    return exitCodes.usageError;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${baseUrl()}`;
  console.log(
    `Serving ${options.watch ? 'and watching ' : ''}the site at ${url} (ready in ${((performance.now() - started) / 1000).toFixed(2)} s; Ctrl+C to stop)`,
  );
  if (options.open)
    spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [url], { stdio: 'ignore', detached: true })
      .on('error', () => console.warn(`could not open a browser; visit ${url}`))
      .unref();
  await new Promise<void>((resolve) => {
    const stop = () => {
      console.log('Stopping the server.');
      void close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return exitCodes.ok;
}
