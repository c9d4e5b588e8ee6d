import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import chokidar from 'chokidar';
import { DevSite, refreshPauseMs, type ChangeOutcome } from './devSite.ts';
import { esbuildError } from '../esbuild/esbuildError.ts';
import { devErrors } from './devErrors.ts';
import { removeDevFolder } from '../cache/devFolders.ts';
import { LiveReload } from './liveReload.ts';
import { createSaveQueue, type ApplySave } from './saveQueue.ts';
import { createServer } from './createServer.ts';
import { engineRoot } from '../engineRoot.ts';
import { DocsgenError, errorsIn } from '../errors.ts';
import { loadConfig } from '../config/loadConfig.ts';
import { cacheFolder, cachePaths } from '../cache/cachePaths.ts';
import { watchedPaths } from '../pages/siteRoutes.ts';
import { isInside } from '../fs/isInside.ts';

/** What `docsgen serve --watch` serves, and whom it answers. */
export interface DevServerOptions {
  root: string;
  configFile?: string;
  /** Host names accepted besides IP addresses and `localhost` (see `createServer`). */
  allowedHosts?: string[];
  log?: (line: string) => void;
}

/** A running dev server. */
export interface DevServer {
  server: http.Server;
  /** The path the site is served under (its config's `baseUrl`). */
  baseUrl(): string;
  /** Resolves once every change seen so far has been applied. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type SiteModule = { DevSite: typeof DevSite };

/**
 * The engine's own code (`src/`, `templates/`) when the project served holds it, as this
 * repository holds the engine beside its site; an engine installed in `node_modules` or run
 * from elsewhere is not the project's to edit, and is not watched.
 */
export function engineSourceDirs(root: string, engine = engineRoot): string[] {
  const holdsEngine = isInside(root, engine) && !path.relative(root, engine).split(path.sep).includes('node_modules');
  return holdsEngine ? ['src', 'templates'].map((dir) => path.join(engine, dir)) : [];
}

/**
 * `docsgen serve --watch`: pages rendered on request from the sources, a watcher that applies
 * each saved change to the site in memory and tells open pages to reload, and errors shown in
 * the browser and printed once, never stopping the server.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(options.root);
  const log = options.log ?? ((line: string) => console.log(line));
  const live = await LiveReload.create(root);
  const errors = devErrors(log, live, root);
  const { report } = errors;

  let siteModule: SiteModule = { DevSite };
  let site: DevSite | undefined;
  // Files the site's load errors named: a file a new import brought in that does not compile is in
  // no compile's inputs yet, and is watched all the same, so its fix is seen.
  const namedByErrors = new Set<string>();
  const createSite = async (reportError = report, reuse = false): Promise<boolean> => {
    try {
      const previous = site;
      const loaded = reuse ? previous?.loaded : undefined;
      site = await siteModule.DevSite.create(root, options.configFile, errors.siteReport, !previous, loaded);
      errors.forget();
      if (!previous) {
        // The page a browser asks for first renders alone; the rest of the site after a pause, between requests.
        site.scheduleRefresh(refreshPauseMs);
        return true;
      }
      // Open pages reload at once, each rendered when it asks; the rest of the site after a pause,
      // and the replaced site's background work (a page it is rendering) ends meanwhile.
      live.reload('*');
      site.scheduleRefresh(refreshPauseMs);
      await previous.close();
      return true;
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      for (const { location } of errorsIn(error)) if (location) namedByErrors.add(path.resolve(root, location.file));
      reportError(error);
      return false;
    }
  };
  await createSite();

  const emptyPage =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build error</title></head><body></body></html>';
  const server = createServer({
    pages: {
      page: (route) => (site ? errors.reported(() => site!.page(route), emptyPage) : Promise.resolve(emptyPage)),
      file: (pathname) => errors.reported(async () => site?.file(pathname), undefined),
      notFound: async () => (site ? site.notFound() : emptyPage),
    },
    staticDirs: [cachePaths(root).devFiles],
    // `public/` is served as it is, refused where the build would refuse to copy it.
    publicFiles: (pathname) => errors.reported(async () => site?.publicFile(pathname), undefined),
    allowedHosts: options.allowedHosts,
    intercept: live.handle,
    transformHtml: live.inject,
    baseUrl: () => site?.baseUrl ?? '/',
  });

  const engineDirs = engineSourceDirs(root);
  const isEngineSource = (file: string) => engineDirs.some((dir) => isInside(dir, file));
  /**
   * The theme or the engine changed: a stylesheet bundles the assets again; code is compiled
   * again (the dev server's own entry) and a site made with it. A line says so while it works and
   * when it is done; a mistake (a TSX syntax error) goes to the overlay at its place, and the
   * server goes on with the code it has.
   */
  const recompile = async (file: string, reportSaved: (error: DocsgenError) => void) => {
    const started = performance.now();
    log(`Recompiling the theme: ${path.relative(root, file).split(path.sep).join('/')} changed…`);
    const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
    let done: boolean;
    const paused = file.endsWith('.css') ? undefined : site;
    try {
      if (site && file.endsWith('.css')) {
        await site.restyle();
        errors.forget();
        live.reload('*');
        done = true;
      } else {
        site?.pause();
        if (process.env.DOCSGEN_ENGINE_DIR) {
          const compiler = await import(pathToFileURL(path.join(engineRoot, 'bin/compileEngine.js')).href);
          const entry = await compiler
            .compiledEntry('src/serve/devSite.ts', { alone: true })
            .catch((error: unknown) =>
              Promise.reject(esbuildError(error, 'the theme could not be compiled', { dir: engineRoot })),
            );
          siteModule = (await import(entry)) as SiteModule;
        }
        // The theme alone changed: the content, and the code that reads it, are as they were.
        done = await createSite(reportSaved, isInside(path.join(engineRoot, 'templates'), file));
        watcher.add(await sourcePaths());
      }
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      reportSaved(error);
      done = false;
    }
    // The compile failed and the paused site goes on: its background refresh and link check too.
    if (paused && site === paused) paused.resume();
    log(
      done
        ? `Theme recompiled in ${seconds()} s`
        : `Theme not recompiled (${seconds()} s): the error is in the overlay`,
    );
  };
  const apply: ApplySave = async (file, reportSaved) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const recreate = async () => {
      if (await createSite(reportSaved)) live.reload('*');
      watcher.add(await sourcePaths());
    };
    if (isEngineSource(file)) return recompile(file, reportSaved);
    if (!site) return recreate();
    // A file a page source watches: that source applies the change.
    let outcome: ChangeOutcome | undefined = await site.changed(relative);
    if (!outcome && relative.startsWith('public/')) outcome = { reload: '*' };
    else if (!outcome) return recreate();
    if ('reload' in outcome) {
      errors.forget();
      live.reload(outcome.reload);
    }
    // After the reload: the reloaded page, connecting again, is told of it too.
    if (outcome.error) reportSaved(outcome.error);
  };

  const configFile = options.configFile ?? 'docsgen.config.ts';
  const sourcePaths = async () => [
    ...(await watchedSourcePaths(root, configFile, site)),
    ...projectFiles(root, namedByErrors),
  ];
  // The page sources' paths, the public files, the config, and the engine's own code when the project holds it.
  const watched = [
    ...(await sourcePaths()),
    ...['public', configFile].map((entry) => path.join(root, entry)),
    ...engineDirs,
  ];
  const watcher = chokidar.watch(watched, {
    ignoreInitial: true,
    ignored: (file) => file.includes(`${path.sep}${cacheFolder}`),
  });
  const saves = createSaveQueue(apply, report, (error) => log(`error: ${(error as Error).stack ?? error}`));
  watcher.on('all', (_event, file) => saves.saved(file));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    server,
    baseUrl: () => site?.baseUrl ?? '/',
    settled: async () => {
      await saves.settled();
      await site?.idle();
    },
    close: async () => {
      live.close();
      // Saves first: one being applied may replace the site and add paths to the watcher, which reopens it.
      await saves.close();
      await watcher.close();
      await site?.close();
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      // Nothing writes to the scratch folder any more: Ctrl+C left one per run.
      await removeDevFolder(cachePaths(root).devFiles);
    },
  };
}

/**
 * What the page sources read, with the project's stylesheet and the project's own code compiled
 * with the config and the components (the files they import too): from the site, or from the
 * config file when the site did not load (so fixing it is seen); none when neither loads.
 */
async function watchedSourcePaths(
  root: string,
  configFile: string,
  loaded?: Pick<DevSite, 'config' | 'compiledFrom'>,
): Promise<string[]> {
  const read =
    loaded ??
    (await loadConfig(path.resolve(root, configFile), root).then(
      ({ config, inputs }) => ({ config, compiledFrom: inputs }),
      () => undefined,
    ));
  if (!read) return [];
  const { config, compiledFrom } = read;
  // The project's stylesheet and components, which the site publishes and compiles when it is made.
  const stylesheet = config.theme.customCss ? [config.theme.customCss] : [];
  const components = Object.values(config.components).filter((file) => file !== undefined);
  return [
    ...[...watchedPaths({ root, config }), ...stylesheet, ...components].map((entry) => path.join(root, entry)),
    ...projectFiles(root, compiledFrom),
  ];
}

/** The files the project holds, not those of a package it installed (nor the engine's, watched apart when the project holds it). */
const projectFiles = (root: string, files: Iterable<string>) =>
  [...files].filter(
    (file) => isInside(root, file) && !path.relative(root, file).split(path.sep).includes('node_modules'),
  );
