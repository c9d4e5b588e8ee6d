import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { contentVariables } from '../content/variables.ts';
import { discoverPages } from '../content/discoverPages.ts';
import { headingTitle } from '../content/headingTitle.ts';
import { readHomePage } from '../content/readHomePage.ts';
import { buildSidebar, flattenSidebar } from '../content/buildSidebar.ts';
import { loadHighlighter } from '../markdown/highlighter.ts';
import { createMarkdownRenderer } from '../markdown/createProcessor.ts';
import { bundleAssets, type BundledAssets } from '../render/bundleAssets.ts';
import { renderHomePage, renderNotFoundPage, renderSearchPage } from '../render/renderPage.tsx';
import { headSnippet } from '../client/headSnippet.ts';
import { resolveNavbarItems } from './siteData.ts';
import { checkLinks, type BrokenLink, type LinkSource } from './checkLinks.ts';
import { robotsTxt, sitemapXml } from './writeSitemap.ts';
import { writeSearchIndex } from '../search/writeSearchIndex.ts';
import { copyPublicDir, createStagingDir, discardStagingDir, publishStagingDir } from './outputDir.ts';
import { createRenderPool } from './renderPool.ts';
import { estimateRenderWork, type RenderJob } from './renderJobs.ts';
import type { DocPageTask } from './renderDocPages.ts';
import { apiDownloads } from './renderApiReference.ts';
import { engineFingerprint } from './engineFingerprint.ts';
import { idsIn, writePageFile, type PageOutput } from './pageOutput.ts';
import { pageDataFor, type SiteContext } from './siteContext.ts';
import { DocsgenError, formatLocation } from '../errors.ts';

export interface BuildOptions {
  /** Project root: holds the config, content/, openapi/ and public/. */
  root: string;
  configFile?: string;
  outDir?: string;
  /** Keep rendered Markdown between builds under `<root>/.docsgen-cache` (default true). */
  cache?: boolean;
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
  const { config, file: configFile } = await loadConfig(path.resolve(root, options.configFile ?? 'docsgen.config.ts'));
  const configSource = await readFile(configFile, 'utf8');
  const variables = contentVariables(config);
  const tree = await discoverPages(path.join(root, 'content', 'docs'), variables);

  const docs: DocPageTask[] = tree.pages.map((source) => {
    const title = source.frontMatter.title ?? headingTitle(source.markdown);
    if (!title) throw new DocsgenError('page has no title: add `title:` to its front matter or start it with a `# ` heading', { file: source.file, line: 1, column: 1 });
    return { source, title };
  });
  const sidebar = buildSidebar(
    docs.map(({ source, title }) => ({ relativePath: source.relativePath, route: source.route, label: source.frontMatter.sidebar_label ?? title, position: source.frontMatter.sidebar_position })),
    tree.categories,
  );
  const navbarItems = resolveNavbarItems(config, sidebar, configFile, configSource);
  const readingOrder = flattenSidebar(sidebar);

  const staging = await createStagingDir(outDir);
  try {
    const assets = await bundleAssets(staging);
    const context: SiteContext = {
      root,
      stagingDir: staging,
      config,
      routesByPath: tree.pages.map((page) => [page.relativePath, page.route]),
      sidebar,
      readingOrder,
      navbarItems,
      assets: { css: assets.css, runtime: assets.runtime, headSnippet: headSnippet(config.colorMode.defaultMode), attributionScript: attributionUrl(config) },
      cacheDir: options.cache === false ? undefined : path.join(root, '.docsgen-cache', engineFingerprint()),
    };
    const jobs: RenderJob[] = [{ kind: 'api' }, { kind: 'postman' }];
    const batch = pagesPerJob(docs.length);
    for (let index = 0; index < docs.length; index += batch) jobs.push({ kind: 'docs', tasks: docs.slice(index, index + batch) });
    const pool = await createRenderPool(context, jobs.length, await estimateRenderWork(context, docs));
    let outputs: PageOutput[];
    try {
      const rendered = Promise.all(jobs.map((job) => pool.run(job)));
      // The few pages the main thread renders itself, while the pool works.
      const own = await renderSitePages(context, firstRoute(readingOrder), variables);
      outputs = [...(await rendered).flat(), ...own];
    } finally {
      await pool.close();
    }

    await writeSearchIndex(outputs.flatMap((output) => (output.search ? [output.search] : [])), staging, config);
    const routes = outputs.map((output) => output.route).filter((route) => route !== '/404/').sort();
    await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(config.url, routes.filter((route) => route !== '/search/')));
    await writeFile(path.join(staging, 'robots.txt'), robotsTxt(config.url));
    // The route manifest: the in-site navigation runtime (src/client/navigation/routeManifest.ts) reads it.
    await writeFile(path.join(staging, 'routes.json'), JSON.stringify({ routes }));
    await copyPublicDir(path.join(root, 'public'), staging);

    const pages = new Map(outputs.filter((output) => output.route !== '/404/').map((output) => [output.route, new Set(output.ids)]));
    const files = new Set([...apiDownloads.map((download) => download.href), '/sitemap.xml', '/robots.txt']);
    const brokenLinks = reportBrokenLinks(checkLinks(outputs.flatMap((output) => output.links), pages, files), config, options.log);
    await publishStagingDir(staging, outDir);
    return { outDir, routes, durationMs: performance.now() - started, assets, brokenLinks };
  } catch (error) {
    await discardStagingDir(staging);
    throw error;
  }
}

/** Home, search and not-found pages: few and light, rendered in the main thread. */
async function renderSitePages(context: SiteContext, firstDoc: string, variables: ReturnType<typeof contentVariables>): Promise<PageOutput[]> {
  const { config } = context;
  const home = await readHomePage(path.join(context.root, 'content', 'home.md'), variables);
  const renderMarkdown = createMarkdownRenderer(await loadHighlighter());
  const sample = await renderMarkdown(home.markdown, home.file, { relativePath: '../home.md', routes: new Map(context.routesByPath) });
  const pages: [string, string, PageOutput['search']][] = [
    ['/', renderHomePage(pageDataFor(context, '/', { title: home.title, description: home.description, ogType: 'website' }), home.cards, sample.html), undefined],
    ['/search/', renderSearchPage(pageDataFor(context, '/search/', { title: 'Search', description: `Search the ${config.product.name} developer documentation.`, ogType: 'website', noindex: true })), undefined],
    ['/404/', renderNotFoundPage(pageDataFor(context, '/404/', { title: 'Page Not Found', description: 'The page you were looking for does not exist.', ogType: 'website', noindex: true }), firstDoc), undefined],
  ];
  const outputs: PageOutput[] = [];
  for (const [route, html] of pages) {
    await writePageFile(context.stagingDir, route, html);
    outputs.push({
      route,
      ids: idsIn(html),
      links: route === '/' ? home.cards.map((card) => ({ file: home.file, line: 1, column: 1, href: card.href })) : [],
      search: route === '/' ? { route, html, kind: 'home', lvl0: 'Home' } : undefined,
    });
  }
  return outputs;
}

function firstRoute(readingOrder: { route: string }[]): string {
  return readingOrder[0]?.route ?? '/';
}

/** Applies the configured policy to broken links: fail on the first (error), print them (warn), or not. */
function reportBrokenLinks(broken: BrokenLink[], config: DocsgenConfig, log?: (line: string) => void): BrokenLink[] {
  if (broken.length === 0 || config.onBrokenLinks === 'ignore') return broken;
  const describe = (link: BrokenLink) =>
    `broken link (${link.reason}) to ${link.href}${link.suggestion ? `; did you mean ${link.suggestion}?` : ''}`;
  if (config.onBrokenLinks === 'error') {
    const [first] = broken;
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : '';
    const excerpt = first.line ? readFileSync(first.file, 'utf8').split('\n')[first.line - 1] : undefined;
    throw new DocsgenError(`${describe(first)}${more}`, { file: first.file, line: first.line || undefined, column: first.column || undefined }, excerpt);
  }
  for (const link of broken) log?.(`warning: ${formatLocation({ file: link.file, line: link.line || undefined, column: link.column || undefined })}: ${describe(link)}`);
  return broken;
}

/** The attribution script's URL with its cache-busting `cb` (the config's value or today's date). */
function attributionUrl(config: DocsgenConfig): string | undefined {
  if (!config.attribution) return undefined;
  const url = new URL(config.attribution.path, config.attribution.assetsHost);
  url.searchParams.set('cb', config.attribution.cacheBust ?? new Date().toISOString().slice(0, 10));
  return url.href;
}
