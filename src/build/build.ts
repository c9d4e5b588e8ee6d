import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import type { BundledAssets } from '../assets/bundleAssets.ts';
import { brokenLinkError, formatBrokenLink, isLinkWarning, linkRoute, type BrokenLink } from '../links/checkLinks.ts';
import { DocsgenError, DocsgenErrors, errorOfAll, errorsIn, fromErrorValue } from '../errors.ts';
import {
  assertOutputDirAllowed,
  createStagingDir,
  discardStagingDir,
  publishStagingDir,
  recoverOutputDir,
} from '../write/outputDir.ts';
import { copyPublicDir, readPublicDir } from '../write/copyPublicDir.ts';
import { writeImages } from '../write/writeImages.ts';
import { keepOutput, readKeptOutput, type WrittenFile } from '../write/keptOutput.ts';
import type { JobWork } from '../render/renderState.ts';
import { passesHundredth } from '../render/passesHundredth.ts';
import { createRenderPool } from './renderPool.ts';
import { startDescriptionFiles, type ImageCheck } from '../openapi/descriptionFilesAhead.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import type { RenderJob } from './renderJobs.ts';
import { cacheSet, type OpenCaches } from '../cache/cacheSet.ts';
import { cachePaths } from '../cache/cachePaths.ts';
import { pruneCache, type KnownFiles } from '../cache/pruneCache.ts';
import { makeCacheFolder } from '../cache/cacheFolder.ts';
import { resolveSite } from '../site/resolveSite.ts';
import { imageWarnings, loadWarnings } from '../site/site.ts';
import { twinsLeftOutNote } from '../llms/markdownTwinsOn.ts';
import { listedRoutes, routeClashes, siteRoutes, withRoutes } from '../pages/siteRoutes.ts';
import { finishSite } from './finishSite.ts';
import { KeptRecordsLost } from '../search/keptRecords.ts';
import { docsPageKeys } from '../pages/docsSource.ts';
import { keepLastPageKeys } from '../cache/lastPageKeys.ts';
import { configuredLimits, limitsExceeded, outputSize, twinsAdvice } from '../write/hostLimits.ts';
import type { LinkSource, PageOutput } from '../model/pageOutput.ts';
import { countRoutes, type RouteCounts } from '../model/routes.ts';

/** What a build is asked to do: which project, into which folder, with or without the cache, and who hears about it. */
export interface BuildOptions {
  /** Project root: holds the config, content/, openapi/ and public/. */
  root: string;
  configFile?: string;
  outDir?: string;
  /** Keep rendered Markdown between builds under `<root>/.docsgen-cache` (default true). */
  cache?: boolean;
  /** Overrides the config's `onBrokenLinks` (check-links collects them all instead of failing). */
  onBrokenLinks?: DocsgenConfig['onBrokenLinks'];
  /** Also check every link of each page's HTML, the theme's included, and collect its external links (check-links). */
  readLinks?: boolean;
  log?: (line: string) => void;
  /** Told each phase as it starts, and every rendered batch (src/cli/buildProgress.ts draws it). */
  onProgress?: (progress: BuildProgress) => void;
}

/** The phases of a build, in order. */
export type BuildPhase = 'load' | 'render' | 'finish' | 'write';

/** Where a build is: its phase, and during rendering how many routes are done. */
export interface BuildProgress {
  phase: BuildPhase;
  /** Routes rendered so far, of `total` (render phase). */
  done?: number;
  total?: number;
  /** How far a long job under way has got (the API reference's operations). */
  work?: JobWork;
}

/** What a finished build reports: where it wrote, what it wrote, how long each part took, and the broken links found. */
export interface BuildResult {
  outDir: string;
  /** The path the site is served under (config `baseUrl`). */
  baseUrl: string;
  /** The dot-files and dot-folders published from `public/` (config `publicDotfiles`), which `serve` serves too. */
  publicDotfiles: readonly string[];
  routes: string[];
  durationMs: number;
  assets: BundledAssets;
  brokenLinks: BrokenLink[];
  /** What the site's routes are (src/model/routes.ts: pages, unlisted pages, files). */
  counts: RouteCounts;
  /**
   * Every external link of the pages, when the build read them (`readLinks`): where the content
   * writes it (file:line:col), or else where the theme's HTML has it (navbar, footer).
   */
  externalLinks: LinkSource[];
  /** The cache's size after the build (bounded by pruneCache), when it is used. */
  cacheBytes?: number;
  /** Milliseconds spent in each phase. */
  phaseMs: Record<BuildPhase, number>;
  /** When each page source's last job was done, in ms from the start of rendering (sources run side by side). */
  sourceMs: Record<string, number>;
  cacheHits: number;
  cacheMisses: number;
}

/**
 * Builds the whole site into `outDir`, replacing it only when everything succeeded: every route
 * of every page source (src/pages/registry.ts), rendered on every core, then what follows from
 * them all (finishSite: the search index and the link check), then public/. A mistake in a page
 * leaves that page out and the build goes on, so that it fails with every mistake of the site
 * (and every broken link of the pages that rendered) at once, sorted by file.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await buildOnce(options);
  } catch (error) {
    // The search records of pages taken from the cache, damaged since they were found there: their
    // cache is gone now (src/search/keptRecords.ts), so the pages are rendered again this time.
    if (!(error instanceof KeptRecordsLost)) throw error;
    return buildOnce(options);
  }
}

async function buildOnce(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  // Cache entries written or used from here on are this build's; compaction keeps only them.
  const startedAt = Date.now();
  const phaseMs: BuildResult['phaseMs'] = { load: 0, render: 0, finish: 0, write: 0 };
  const sourceMs: BuildResult['sourceMs'] = {};
  let phase: { name: BuildPhase; started: number } | undefined;
  const enter = (name: BuildPhase, progress: Omit<BuildProgress, 'phase'> = {}) => {
    const now = performance.now();
    if (phase) phaseMs[phase.name] += now - phase.started;
    phase = { name, started: now };
    options.onProgress?.({ phase: name, ...progress });
  };
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  // A usage error, before the build says it has started: the message is all that is printed.
  await assertOutputDirAllowed(root, outDir);
  enter('load');
  // First, whatever happens next: a site left half-swapped by a killed build goes back to dist/.
  await recoverOutputDir(outDir);
  const cache = options.cache === false ? undefined : cachePaths(root);
  const cacheDir = cache?.engine;
  if (cache) await makeCacheFolder(cache.engine, cache.root);
  const staging = await createStagingDir(outDir);
  // This thread's caches: opened for the estimate, rendered with, closed once rendering is over.
  let caches: OpenCaches | undefined;
  // A large description's downloads and Postman collection are made in a thread of their own from
  // the moment it is read, while the rest of the site loads (src/openapi/descriptionFilesAhead.ts).
  const stopFilesAhead: (() => Promise<void>)[] = [];
  const onDescription = (api: OpenApiModel, images: ImageCheck) => {
    const stop = startDescriptionFiles(api, { cacheDir, images });
    if (stop) stopFilesAhead.push(stop);
  };
  try {
    // Planning a split reference walks its whole outline before the first page (GitHub's: seconds): the live line counts its operations.
    const onPlan = (done: number, total: number) => {
      if (passesHundredth(done - 1, done, total))
        options.onProgress?.({
          phase: 'load',
          work: { label: 'Planning the API reference', done, total, unit: 'operations' },
        });
    };
    const resolved = await resolveSite(root, options.configFile, {
      assetsDir: staging,
      cacheDir,
      onDescription,
      onPlan,
    });
    for (const warning of loadWarnings(resolved.site)) options.log?.(`warning: ${warning}`);
    // A large description's images are looked for in its own thread (descriptionFilesAhead.ts), which may not have
    // got to them yet: they are said once the pages are rendered (then the note), so that this thread never waits.
    const imagesWarned = imageWarnings(resolved.site);
    imagesWarned.catch(() => {}); // Awaited below; a failure there is the build's, not an unhandled rejection.
    const twinsNote = twinsLeftOutNote(resolved.site);
    const routes = siteRoutes(resolved.site);
    const { assets } = resolved;
    const site = withRoutes(resolved.site, routes);
    const errors: DocsgenError[] = [...resolved.problems.errors, ...routeClashes(routes, root)];
    // public/ is read while the site loads: what it may not publish is a mistake of this build
    // like a page's, reported with them (it was found only after the whole build, and alone).
    const publicDir = await readPublicDir(root, site.config.publicDotfiles);
    errors.push(...publicDir.errors);
    const jobs: RenderJob[] = [];
    let estimatedMs = 0;
    caches = cacheSet(site);
    for (const source of new Set(routes.map((route) => route.source))) {
      const own = routes.filter((route) => route.source === source).map(({ route }) => route);
      if (own.length === 0) continue;
      for (const group of source.jobs?.(site, own) ?? [own])
        jobs.push({ source: source.name, routes: group, inputs: source.inputs?.(site, group) });
      // Listed in registry order, whichever finishes first.
      sourceMs[source.name] = 0;
      estimatedMs += source.estimate(site, caches);
    }
    const total = jobs.reduce((sum, job) => sum + job.routes.length, 0);
    let done = 0;
    let cacheHits = 0;
    let cacheMisses = 0;
    enter('render', { done, total });
    const renderStarted = performance.now();
    let work: JobWork | undefined;
    const readLinks = options.readLinks ?? false;
    // The last build's files, kept in the cache: those whose bytes are the same are linked, not written.
    const kept = cacheDir ? await readKeptOutput(cacheDir) : undefined;
    const written: WrittenFile[] = [];
    const pool = await createRenderPool(
      site,
      { outDir: staging, readLinks, kept },
      jobs.length,
      estimatedMs,
      caches,
      (reported) => {
        work = reported.done < reported.total ? reported : undefined;
        options.onProgress?.({ phase: 'render', done, total, work });
      },
    );
    const running = jobs.map(async (job) => {
      // Inputs still being made elsewhere (a description's files, src/openapi/descriptionFilesAhead.ts) queue the job when ready.
      const result = await pool.run({ ...job, inputs: await job.inputs });
      sourceMs[job.source] = Math.max(sourceMs[job.source] ?? 0, performance.now() - renderStarted);
      cacheHits += result.cacheHits;
      cacheMisses += result.cacheMisses;
      errors.push(...result.errors.map(fromErrorValue));
      written.push(...result.files);
      done += job.routes.length;
      options.onProgress?.({ phase: 'render', done, total, work });
      return result.outputs;
    });
    let outputs: PageOutput[];
    try {
      outputs = (await Promise.all(running)).flat();
    } finally {
      // On an error, stop the other jobs and let them settle before the staging folder goes.
      await pool.close();
      await Promise.allSettled(running);
      caches.close();
    }
    for (const warning of await imagesWarned) options.log?.(`warning: ${warning}`);
    if (twinsNote) options.log?.(`note: ${twinsNote}`);

    enter('finish');
    const found = await finishSite(site, listedRoutes(routes), outputs, staging, { indexCacheDir: site.cacheDir });
    // A link to a page left out for its own mistake is not broken: that mistake is reported.
    const failed = new Set(resolved.problems.unreadable.map(({ route }) => route));
    const rendered = new Set(outputs.map(({ route }) => route));
    for (const { route } of listedRoutes(routes)) if (route.endsWith('/') && !rendered.has(route)) failed.add(route);
    const unreadableFiles = new Set(resolved.problems.unreadable.map(({ file }) => file));
    const intoFailed = (link: BrokenLink) =>
      link.missingFile ? unreadableFiles.has(linkedFile(link) ?? '') : failed.has(linkRoute(link.href) ?? '');
    const broken = errors.length === 0 ? found : found.filter((link) => !intoFailed(link));
    const policy = options.onBrokenLinks ?? site.config.onBrokenLinks;
    if (errors.length > 0) {
      const { failing, warned } = byPolicy(broken, policy);
      errors.push(...failing.map((link) => brokenLinkError(link)));
      for (const link of warned) options.log?.(`warning: ${formatBrokenLink(link, root)}`);
      throw buildErrors(errors);
    }
    enter('write');
    await writeImages(site.images, staging);
    await copyPublicDir(publicDir.entries, staging);
    const brokenLinks = reportBrokenLinks(broken, policy, root, options.log);
    const twins = routes.filter((route) => route.alternateOf?.type === 'text/markdown').length;
    await warnAboveHostLimits(site.config, twins, staging, options.log);
    await publishStagingDir(staging, outDir);
    let keptFiles: KnownFiles | undefined;
    if (cacheDir && kept) {
      // A file of public/ replaces a generated one of its path (robots.txt): what is published there is not what was written.
      const fromPublic = new Set(publicDir.entries.map((entry) => entry.relative));
      keptFiles = await keepOutput(
        cacheDir,
        outDir,
        written.filter(({ file }) => !fromPublic.has(file)),
        kept,
      );
    }
    if (cacheDir) await keepLastPageKeys(cacheDir, docsPageKeys(site));
    const cacheBytes = cache
      ? await pruneCache(cache.root, cache.engine, { since: startedAt, known: keptFiles })
      : undefined;
    const pageRoutes = routes
      .filter((route) => route.page && route.listed)
      .map(({ route }) => route)
      .sort();
    phaseMs.write += performance.now() - phase!.started;
    const externalLinks = locatedExternalLinks(outputs);
    return {
      outDir,
      baseUrl: site.config.baseUrl,
      publicDotfiles: site.config.publicDotfiles,
      routes: pageRoutes,
      durationMs: performance.now() - started,
      assets,
      brokenLinks,
      counts: countRoutes(routes),
      externalLinks,
      cacheBytes,
      phaseMs,
      sourceMs,
      cacheHits,
      cacheMisses,
    };
  } catch (error) {
    caches?.close();
    await discardStagingDir(staging);
    throw error;
  } finally {
    // Done with, or not needed by a build that stopped.
    await Promise.all(stopFilesAhead.map((stop) => stop()));
  }
}

/** Each page's external links where its content writes them; those only its HTML has (the theme's), once each. */
function locatedExternalLinks(outputs: PageOutput[]): LinkSource[] {
  const written = outputs.flatMap((output) =>
    output.externalLinks ? output.links.filter((link) => /^https?:\/\//i.test(link.href)) : [],
  );
  const seen = new Set(written.map((link) => link.href));
  const generated = outputs
    .flatMap((output) => output.externalLinks ?? [])
    .filter((link) => !seen.has(link.href) && seen.add(link.href));
  return [...written, ...generated];
}

/** The file a link to a missing file names, resolved from the page it is written in. */
function linkedFile(link: BrokenLink): string | undefined {
  try {
    return path.resolve(path.dirname(link.file), decodeURI(link.href.split('#', 1)[0]));
  } catch {
    return undefined;
  }
}

/**
 * Applies the configured policy to broken links: fail with them all (error), print them (warn), or
 * not; a description's link to an anchor is only ever printed (`isLinkWarning`).
 */
function reportBrokenLinks(
  broken: BrokenLink[],
  policy: DocsgenConfig['onBrokenLinks'],
  root: string,
  log?: (line: string) => void,
): BrokenLink[] {
  const { failing, warned } = byPolicy(broken, policy);
  for (const link of warned) log?.(`warning: ${formatBrokenLink(link, root)}`);
  if (failing.length > 0) {
    const found = buildErrors(failing.map((link) => brokenLinkError(link)));
    // What lets the build through, as Docusaurus says after its list: a description's links to its
    // authors' own site (Dropbox Sign's 16 `/api/reference/…`) are not the writer's to fix.
    const summary = found instanceof DocsgenErrors ? `${found.summary} ` : '';
    throw new DocsgenErrors(errorsIn(found), `${summary}${brokenLinksHint}`);
  }
  return broken;
}

/** The broken links that fail the build and those it prints as warnings, under the policy. */
function byPolicy(broken: BrokenLink[], policy: DocsgenConfig['onBrokenLinks']) {
  if (policy === 'ignore') return { failing: [], warned: [] };
  if (policy === 'warn') return { failing: [], warned: broken };
  return { failing: broken.filter((link) => !isLinkWarning(link)), warned: broken.filter(isLinkWarning) };
}

/** Printed after the broken links that stopped a build. */
const brokenLinksHint = "To build with broken links (reported as warnings), set onBrokenLinks: 'warn' in the config.";

/** What a failed build throws: its errors sorted by file (src/errors.ts), and what they add up to (`3 errors in 2 files.`). */
function buildErrors(found: DocsgenError[]): DocsgenError {
  const errors = errorsIn(errorOfAll(found));
  if (errors.length === 1) return errors[0];
  const files = new Set(errors.flatMap((error) => (error.location ? [error.location.file] : [])));
  return new DocsgenErrors(
    errors,
    `${errors.length} errors${files.size ? ` in ${files.size} file${files.size === 1 ? '' : 's'}` : ''}.`,
  );
}

/** Warns, with the figures, when the output crosses the limits of the host the config names (`deploy`). */
async function warnAboveHostLimits(
  config: DocsgenConfig,
  twins: number,
  staging: string,
  log?: (line: string) => void,
): Promise<void> {
  const configured = configuredLimits(config.deploy);
  if (!configured) return;
  const size = await outputSize(staging);
  for (const over of limitsExceeded(size, configured.limits, configured.host))
    log?.(`warning: ${over} (config deploy)`);
  const advice = twinsAdvice(config, size, configured.limits, twins);
  if (advice) log?.(`warning: ${advice}`);
}
