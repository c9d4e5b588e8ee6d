import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { contentVariables } from '../content/variables.ts';
import { discoverPages, type SourcePage } from '../content/discoverPages.ts';
import { readHomePage } from '../content/readHomePage.ts';
import { buildSidebar, flattenSidebar, sidebarTrail } from '../content/buildSidebar.ts';
import { loadHighlighter } from '../markdown/highlighter.ts';
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../markdown/createProcessor.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { buildApiReference } from '../openapi/buildReference.ts';
import { postmanCollection } from '../openapi/postmanCollection.ts';
import { bundleAssets, type BundledAssets } from '../render/bundleAssets.ts';
import { renderApiPage, renderDocPage, renderHomePage, renderNotFoundPage, renderSearchPage } from '../render/renderPage.tsx';
import { headSnippet } from '../client/headSnippet.ts';
import { resolveNavbarItems, sidebarFor, siteDataFor } from './siteData.ts';
import { checkLinks, type BrokenLink, type LinkSource } from './checkLinks.ts';
import { robotsTxt, sitemapXml } from './writeSitemap.ts';
import { writeSearchIndex, type SearchPageInput } from '../search/writeSearchIndex.ts';
import { copyPublicDir, createStagingDir, discardStagingDir, publishStagingDir } from './outputDir.ts';
import { DocsgenError, formatLocation } from '../errors.ts';
import type { AssetsData, HeadData, PageData } from '../../templates/types.ts';

export interface BuildOptions {
  /** Project root: holds the config, content/, templates/, openapi/ and public/. */
  root: string;
  configFile?: string;
  outDir?: string;
  log?: (line: string) => void;
}

export interface BuildResult {
  outDir: string;
  routes: string[];
  durationMs: number;
  assets: BundledAssets;
  brokenLinks: BrokenLink[];
}

interface DocEntry {
  source: SourcePage;
  rendered: RenderedMarkdown;
  title: string;
}

/** Builds the whole site into `outDir`, replacing it only when everything succeeded. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  const { config, file: configFile } = await loadConfig(path.resolve(root, options.configFile ?? 'docsgen.config.ts'));
  const configSource = await readFile(configFile, 'utf8');
  const variables = contentVariables(config);
  const tree = await discoverPages(path.join(root, 'content', 'docs'), variables);
  const routesByPath = new Map(tree.pages.map((page) => [page.relativePath, page.route]));

  const renderMarkdown = createMarkdownRenderer(await loadHighlighter());
  const docs: DocEntry[] = await Promise.all(
    tree.pages.map(async (source) => {
      const rendered = await renderMarkdown(source.markdown, source.file, { relativePath: source.relativePath, routes: routesByPath });
      const title = source.frontMatter.title ?? rendered.title;
      if (!title) throw new DocsgenError('page has no title: add `title:` to its front matter or start it with a `# ` heading', { file: source.file, line: 1, column: 1 });
      return { source, rendered, title };
    }),
  );

  const sidebar = buildSidebar(
    docs.map(({ source, title }) => ({ relativePath: source.relativePath, route: source.route, label: source.frontMatter.sidebar_label ?? title, position: source.frontMatter.sidebar_position })),
    tree.categories,
  );
  const navbarItems = resolveNavbarItems(config, sidebar, configFile, configSource);
  const readingOrder = flattenSidebar(sidebar);
  const firstDoc = readingOrder[0]?.route ?? '/';

  const staging = await createStagingDir(outDir);
  try {
    const assets = await bundleAssets(staging);
    const assetsData: AssetsData = {
      css: assets.css,
      runtime: assets.runtime,
      headSnippet: headSnippet(config.colorMode.defaultMode),
      attributionScript: attributionUrl(config),
    };
    const pageData = (route: string, head: Omit<HeadData, 'canonical'>): PageData => ({
      site: siteDataFor(config, navbarItems, sidebarFor(sidebar, route), route),
      assets: assetsData,
      head: { ...head, canonical: `${config.url.replace(/\/$/, '')}${route}` },
      route,
    });
    const written = new Map<string, Set<string>>();
    const links: LinkSource[] = [];
    const searchPages: SearchPageInput[] = [];
    const writePage = async (route: string, html: string, search?: Omit<SearchPageInput, 'route' | 'html'>) => {
      if (search) searchPages.push({ route, html, ...search });
      const file = route === '/404/' ? path.join(staging, '404.html') : path.join(staging, route, 'index.html');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
      if (route !== '/404/') written.set(route, idsIn(html));
    };

    for (const { source, rendered, title } of docs) {
      const position = readingOrder.findIndex((entry) => entry.route === source.route);
      const trail = sidebarTrail(sidebar, source.route).filter((category) => category.route !== source.route);
      const html = renderDocPage(
        pageData(source.route, { title, description: source.frontMatter.description ?? config.tagline, ogType: 'article' }),
        {
          title,
          hasOwnH1: rendered.title !== undefined,
          html: rendered.html,
          toc: rendered.toc,
          hideTableOfContents: source.frontMatter.hide_table_of_contents,
          breadcrumbs: [...trail.map((category) => ({ label: category.label, href: category.route })), { label: source.frontMatter.sidebar_label ?? title }],
          previous: position > 0 ? { label: readingOrder[position - 1].label, href: readingOrder[position - 1].route } : undefined,
          next: position >= 0 && position < readingOrder.length - 1 ? { label: readingOrder[position + 1].label, href: readingOrder[position + 1].route } : undefined,
          editedPath: source.relativePath,
        },
        source.file,
      );
      await writePage(source.route, html, { kind: 'doc', lvl0: trail[0]?.label ?? 'Documentation' });
      links.push(...rendered.links.map((link) => ({ file: source.file, line: link.line, column: link.column, href: link.href, missingFile: link.missingFile })));
    }

    const home = await readHomePage(path.join(root, 'content', 'home.md'), variables);
    const homeSample = await renderMarkdown(home.markdown, home.file, { relativePath: '../home.md', routes: routesByPath });
    await writePage('/', renderHomePage(pageData('/', { title: home.title, description: home.description, ogType: 'website' }), home.cards, homeSample.html), { kind: 'home', lvl0: 'Home' });
    links.push(...home.cards.map((card) => ({ file: home.file, line: 1, column: 1, href: card.href })));

    await writePage('/search/', renderSearchPage(pageData('/search/', { title: 'Search', description: `Search the ${config.product.name} developer documentation.`, ogType: 'website', noindex: true })));

    const apiFile = path.resolve(root, config.openapi);
    const api = await loadOpenApi(apiFile);
    const renderFragment = async (markdown: string) => {
      const result = await renderMarkdown(markdown, apiFile, { relativePath: '../openapi', routes: routesByPath });
      links.push(...result.links.map((link) => ({ file: apiFile, line: 0, column: 0, href: link.href })));
      return result.html;
    };
    const apiDownloads = [
      { label: 'OpenAPI (YAML)', href: '/api/esignature-api.yaml' },
      { label: 'OpenAPI (JSON)', href: '/api/esignature-api.json' },
      { label: 'Postman collection', href: '/api/postman-collection.json' },
    ];
    const reference = await buildApiReference(api, renderFragment, apiDownloads);
    await writePage('/api/', renderApiPage(pageData('/api/', { title: 'API reference', description: `Every endpoint, parameter and schema of the ${config.product.name} eSignature API ${reference.version}.`, ogType: 'website' }), reference, apiFile), { kind: 'api', lvl0: 'API reference' });
    await writeFile(path.join(staging, 'api', 'esignature-api.yaml'), api.source);
    await writeFile(path.join(staging, 'api', 'esignature-api.json'), `${JSON.stringify(api.document, null, 2)}\n`);
    await writeFile(path.join(staging, 'api', 'postman-collection.json'), `${JSON.stringify(await postmanCollection(api.document, apiFile), null, 2)}\n`);

    await writePage('/404/', renderNotFoundPage(pageData('/404/', { title: 'Page Not Found', description: 'The page you were looking for does not exist.', ogType: 'website', noindex: true }), firstDoc));

    await writeSearchIndex(searchPages, staging, config);
    const routes = [...written.keys()].sort();
    await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(config.url, routes.filter((route) => route !== '/search/')));
    await writeFile(path.join(staging, 'robots.txt'), robotsTxt(config.url));
    await copyPublicDir(path.join(root, 'public'), staging);

    const files = new Set([...apiDownloads.map((download) => download.href), '/sitemap.xml', '/robots.txt']);
    const brokenLinks = reportBrokenLinks(checkLinks(links, written, files), config, options.log);
    await publishStagingDir(staging, outDir);
    return { outDir, routes, durationMs: performance.now() - started, assets, brokenLinks };
  } catch (error) {
    await discardStagingDir(staging);
    throw error;
  }
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

function idsIn(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) ids.add(match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  return ids;
}
