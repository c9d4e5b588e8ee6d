import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { bundleAssets, type BundledAssets } from '../render/bundleAssets.ts';
import { headSnippet } from '../client/headSnippet.ts';
import { contentSecurityPolicy, headersFile } from './contentSecurityPolicy.ts';
import { loadSite, type SiteModel } from './loadSite.ts';
import { writeSitePages } from './renderSitePages.ts';
import { checkLinks, describeBrokenLink, formatBrokenLink, type BrokenLink } from './checkLinks.ts';
import { robotsTxt, sitemapXml } from './writeSitemap.ts';
import { routeManifest } from './routeManifest.ts';
import { writeSearchIndex } from '../search/writeSearchIndex.ts';
import { siteSearchRecords } from '../search/buildSearchRecords.ts';
import { createStagingDir, discardStagingDir, publishStagingDir, recoverOutputDir } from './outputDir.ts';
import { copyPublicDir } from './copyPublicDir.ts';
import { createRenderPool } from './renderPool.ts';
import { estimateRenderWork, type RenderJob } from './renderJobs.ts';
import { apiDownloads } from './renderApiReference.ts';
import { engineFingerprint } from './engineFingerprint.ts';
import { pruneCache } from './pruneCache.ts';
import { writeSidebarFragments } from './writeSidebarFragments.ts';
import type { PageOutput } from './pageOutput.ts';
import type { SiteContext } from './siteContext.ts';
import type { AssetsData } from '../model/pageData.ts';
import { DocsgenError } from '../errors.ts';

export interface BuildOptions {
  /** Project root: holds the config, content/, openapi/ and public/. */
  root: string;
  configFile?: string;
  outDir?: string;
  /** Keep rendered Markdown between builds under `<root>/.docsgen-cache` (default true). */
  cache?: boolean;
  /** Overrides the config's `onBrokenLinks` (check-links collects them all instead of failing). */
  onBrokenLinks?: DocsgenConfig['onBrokenLinks'];
  log?: (line: string) => void;
}

export interface BuildResult {
  outDir: string;
  routes: string[];
  durationMs: number;
  assets: BundledAssets;
  brokenLinks: BrokenLink[];
}

/** Pages per render job: small enough to balance the threads, large enough to amortise messages. */
const pagesPerJob = (pages: number) => Math.max(2, Math.min(50, Math.ceil(pages / 16)));

/** Builds the whole site into `outDir`, replacing it only when everything succeeded. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  // First, whatever happens next: a site left half-swapped by a killed build goes back to dist/.
  await recoverOutputDir(outDir);
  const site = await loadSite(root, options.configFile);
  const { config, docs } = site;

  const staging = await createStagingDir(outDir);
  try {
    const cacheDir = options.cache === false ? undefined : path.join(root, '.docsgen-cache', engineFingerprint());
    const assets = await bundleAssets(staging, cacheDir);
    const context = siteContextFor(site, staging, assetsDataFor(config, assets), cacheDir);
    const jobs: RenderJob[] = [{ kind: 'api' }, { kind: 'postman' }];
    const batch = pagesPerJob(docs.length);
    for (let index = 0; index < docs.length; index += batch) jobs.push({ kind: 'docs', tasks: docs.slice(index, index + batch) });
    const pool = await createRenderPool(context, jobs.length, await estimateRenderWork(context, docs));
    let outputs: PageOutput[];
    // The few pages the main thread renders itself, while the pool works.
    const work = [...jobs.map((job) => pool.run(job)), writeSitePages(context, site.variables)];
    try {
      outputs = (await Promise.all(work)).flat();
    } finally {
      // On an error, stop the other jobs and let them settle before the staging folder goes.
      await pool.close();
      await Promise.allSettled(work);
    }

    await writeSearchIndex(siteSearchRecords(outputs), staging, config, context.cacheDir);
    const routes = outputs.map((output) => output.route).filter((route) => route !== '/404/').sort();
    await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(config.url, routes.filter((route) => route !== '/search/')));
    await writeFile(path.join(staging, 'robots.txt'), robotsTxt(config.url));
    // GitHub Pages' Jekyll step would drop folders starting with `_` (the sidebar lists).
    await writeFile(path.join(staging, '.nojekyll'), '');
    await writeFile(path.join(staging, '_headers'), headersFile(contentSecurityPolicy(config, context.assets.headSnippet, { forMeta: false })));
    await writeFile(path.join(staging, 'routes.json'), routeManifest(routes));
    await writeSidebarFragments(context, staging);
    await copyPublicDir(root, staging);

    const brokenLinks = reportBrokenLinks(checkSiteLinks(outputs), options.onBrokenLinks ?? config.onBrokenLinks, options.log);
    await publishStagingDir(staging, outDir);
    if (context.cacheDir) await pruneCache(path.dirname(context.cacheDir));
    return { outDir, routes, durationMs: performance.now() - started, assets, brokenLinks };
  } catch (error) {
    await discardStagingDir(staging);
    throw error;
  }
}

/** The render context of a site model: plain data, sent to every render thread. */
export function siteContextFor(site: SiteModel, stagingDir: string, assets: AssetsData, cacheDir: string | undefined): SiteContext {
  return {
    root: site.root,
    stagingDir,
    config: site.config,
    routesByPath: site.docs.map(({ source }) => [source.relativePath, source.route]),
    sidebar: site.sidebar,
    readingOrder: site.readingOrder,
    navbarItems: site.navbarItems,
    assets,
    cacheDir,
  };
}

export function assetsDataFor(config: DocsgenConfig, assets: Pick<BundledAssets, 'css' | 'runtime'>): AssetsData {
  const snippet = headSnippet(config.colorMode.defaultMode);
  return {
    css: assets.css,
    runtime: assets.runtime,
    headSnippet: snippet,
    contentSecurityPolicy: contentSecurityPolicy(config, snippet, { forMeta: true }),
    attributionScript: attributionUrl(config),
  };
}

/** Checks every internal link of the built pages against their routes, ids and download files. */
export function checkSiteLinks(outputs: PageOutput[]): BrokenLink[] {
  const pages = new Map(outputs.filter((output) => output.route !== '/404/').map((output) => [output.route, new Set(output.ids)]));
  const files = new Set([...apiDownloads.map((download) => download.href), '/sitemap.xml', '/robots.txt']);
  return checkLinks(outputs.flatMap((output) => output.links), pages, files);
}

/** Applies the configured policy to broken links: fail on the first (error), print them (warn), or not. */
function reportBrokenLinks(broken: BrokenLink[], policy: DocsgenConfig['onBrokenLinks'], log?: (line: string) => void): BrokenLink[] {
  if (broken.length === 0 || policy === 'ignore') return broken;
  if (policy === 'error') {
    const [first] = broken;
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more; \`docsgen check-links\` lists them all)` : '';
    const excerpt = first.line ? readFileSync(first.file, 'utf8').split('\n')[first.line - 1] : undefined;
    throw new DocsgenError(`${describeBrokenLink(first)}${more}`, { file: first.file, line: first.line || undefined, column: first.column || undefined }, excerpt);
  }
  for (const link of broken) log?.(`warning: ${formatBrokenLink(link)}`);
  return broken;
}

/** The attribution script's URL with its cache-busting `cb` (the config's value or today's date). */
function attributionUrl(config: DocsgenConfig): string | undefined {
  if (!config.attribution) return undefined;
  const url = new URL(config.attribution.path, config.attribution.assetsHost);
  url.searchParams.set('cb', config.attribution.cacheBust ?? new Date().toISOString().slice(0, 10));
  return url.href;
}
