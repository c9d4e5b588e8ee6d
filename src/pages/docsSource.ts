import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MarkdownRenderer, RenderedMarkdown } from '../markdown/createProcessor.ts';
import { readPage } from '../content/discoverPages.ts';
import { imageExtensions, readImage } from '../content/readImage.ts';
import { assertRoutesUnique } from '../content/pageRoute.ts';
import { hashOf } from '../cache/renderCache.ts';
import { codeBySpans, movedSpans } from '../markdown/keptCode.ts';
import { readLastPageKeys } from '../cache/lastPageKeys.ts';
import { describedRecords, siteRecordsOf } from '../search/buildSearchRecords.ts';
import { pageIdsIn, type PageOutput } from '../model/pageOutput.ts';
import { pageTitle, withDocs, type SiteDoc, type RenderSite, type Site } from '../site/site.ts';
import { versionContent, versionSearchTag, versionView, versionViews, withVersion } from '../site/siteVersions.ts';
import { versionsLayout } from '../site/versionsFile.ts';
import { modifiedAt } from '../content/lastUpdated.ts';
import { lookupsFor, type SiteLookups } from '../site/siteLookups.ts';
import { sidebarTrail } from '../site/sidebarIndex.ts';
import { pageDataFor } from '../props/pageData.ts';
import { withBase } from '../model/paths.ts';
import type { DocData } from '../model/pageData.ts';
import { withLinksFrom, type PageSource, type SourceChange } from './pageSource.ts';
import { contentText, type LoadedRoute, type RenderedRoute } from '../write/renderedRoute.ts';
import { routeCache } from '../write/routeCache.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import { DocsgenError } from '../errors.ts';
import { changelogOfPage, changelogToc } from '../props/changelogData.ts';
import { changelogRecords } from '../model/changelogText.ts';
import type { ChangelogVersion } from '../model/apiChanges.ts';
import type { PageRecord } from '../model/searchRecord.ts';

/** A page to render, with its version and its cache key worked out where the site is whole. */
interface DocJobPage {
  task: SiteDoc;
  version: string;
  pageKey: string;
}

// Every version's pages by route, once per list of versions.
const pagesByRoute = new WeakMap<Site['versions'], Map<string, { task: SiteDoc; version: string }>>();
function versionedDocsByRoute(site: Site) {
  let index = pagesByRoute.get(site.versions);
  if (!index) {
    index = new Map(
      site.versions.flatMap((version) =>
        version.docs.map((task) => [task.source.route, { task, version: version.name }] as const),
      ),
    );
    pagesByRoute.set(site.versions, index);
  }
  return index;
}

/** The version whose docs folder holds a project file (relative, '/'-separated). */
const versionOfFile = (site: Pick<Site, 'versions'>, file: string) =>
  site.versions.find((version) => file.startsWith(`${version.docsDir}/`));

/** Pages per render job: small enough to balance the threads, large enough to amortise messages. */
const pagesPerJob = (pages: number) => Math.max(2, Math.min(50, Math.ceil(pages / 16)));

/**
 * A page taken whole from the cache, read and written or linked: ~0.2 ms in one thread (1,000
 * varied pages with one edited, 0.18 ms measured). Counted as 1 ms, such a build started a worker
 * whose start-up and messages cost more than it took over (CPU of the whole build ×0.83 without it).
 */
const cachedPageMs = 0.2;

/** Pages of a job in progress at once: cached pages are file reads and writes, which overlap. */
const pagesInFlight = 8;

/**
 * The docs: every Markdown file under content/docs, and under each snapshot's folder
 * (versioned_docs/version-<label>/), rendered into the theme's page with the images beside it,
 * each version with its own sidebar.
 */
export const docsSource: PageSource<DocJobPage[]> = {
  name: 'docs',
  routes: (site) =>
    site.versions.flatMap(({ docs }) =>
      docs.map(({ source }) => ({ route: source.route, page: true, declaredAt: source.routeAt.location })),
    ),
  // versions.json too: no source applies a change to it, so the dev server loads the site again.
  watchedPaths: () => [versionsLayout.currentDocsDir, versionsLayout.docsRoot, versionsLayout.file],
  watches: (site, file) =>
    versionOfFile(site, file) !== undefined &&
    (file.endsWith('.md') || imageExtensions.has(path.extname(file).toLowerCase())),
  async changed(site, file) {
    const { name } = versionOfFile(site, file)!;
    const view = versionView(site, name);
    const change = await (file.endsWith('.md') ? pageChanged(view, file) : imageChanged(view, file));
    return { ...change, site: withVersion(site, name, versionContent(change.site)) };
  },
  showsApiChanges: (site) => (site.config.docs.changelogPath ? [site.config.docs.changelogPath] : []),
  jobs: (_site, routes) => {
    const size = pagesPerJob(routes.length);
    const jobs: string[][] = [];
    for (let index = 0; index < routes.length; index += size) jobs.push(routes.slice(index, index + size));
    return jobs;
  },
  inputs: (site, routes) => {
    const byRoute = versionedDocsByRoute(site);
    return routes.map((route) => {
      const { task, version } = byRoute.get(route)!;
      return { task, version, pageKey: docPageKey(versionView(site, version), task) };
    });
  },
  estimate(site, caches) {
    const { pages, markdownCache } = docCaches(caches);
    return versionViews(site).reduce((total, view) => {
      const { routesSignature } = lookupsFor(view);
      return view.docs.reduce(
        (sum, task) =>
          sum +
          (pages.has(docPageKey(view, task))
            ? cachedPageMs
            : markdownCache.has(markdownKey(task, routesSignature))
              ? 8
              : 40),
        total,
      );
    }, 0);
  },
  async render(site, state, _routes, pages, emit, failed) {
    const caches = docCaches(state, site.cacheDir);
    let next = 0;
    let stopped = false;
    // A few pages at once, so one page's file I/O overlaps another's. A mistake in a page is
    // reported and the others go on; any other error stops every lane before the next page.
    const lane = async () => {
      while (!stopped && next < pages.length) {
        const page = pages[next++];
        try {
          await emit(await renderDocPage(versionView(site, page.version), state.renderMarkdown, caches, page));
        } catch (error) {
          if (error instanceof DocsgenError && failed) failed(error);
          else {
            stopped = true;
            throw error;
          }
        }
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(pagesInFlight, pages.length) }, lane));
    const failure = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  },
};

function docCaches(caches: CacheSet, cacheDir?: string) {
  let lastKeys: ReadonlyMap<string, string> | undefined;
  return {
    markdownCache: caches.cache<RenderedMarkdown>('markdown'),
    // A page's fields (its ids, links, records) by its key, and its HTML apart, by the HTML's digest:
    // a page whose file the last build's output holds is linked from there, its HTML never read.
    pages: routeCache(caches, 'pages'),
    /** The last build's key of the page at `route` (read on the first page not in the cache). */
    lastPageKey: (route: string) =>
      cacheDir === undefined ? undefined : (lastKeys ??= readLastPageKeys(cacheDir)).get(route),
  };
}

/** The cache key of a page's rendered Markdown: its source, its path, its title, and every route it may link to. */
const markdownKey = ({ source, title }: SiteDoc, routesSignature: string) =>
  hashOf(source.relativePath, source.markdown, title, routesSignature);

// Worked out once per page and site: the estimate and the job both need it.
const pageKeys = new WeakMap<SiteDoc, { lookups: SiteLookups; key: string }>();

/** The cache key of a whole docs page: its Markdown's key, its front matter, title, date and the shell. */
function docPageKey(site: RenderSite, task: SiteDoc): string {
  const lookups = lookupsFor(site);
  const known = pageKeys.get(task);
  if (known?.lookups === lookups) return known.key;
  const { source, title, lastUpdated } = task;
  const key = hashOf(
    'page',
    markdownKey(task, lookups.routesSignature),
    lookups.shellSignature,
    source.route,
    title,
    String(lastUpdated),
    JSON.stringify(source.frontMatter),
    JSON.stringify(changelogOn(site, source.route) ?? null),
  );
  pageKeys.set(task, { lookups, key });
  return key;
}

type DocCaches = ReturnType<typeof docCaches>;

/** Every docs page's cache key, by route, for the next build (src/cache/lastPageKeys.ts). */
export function docsPageKeys(site: Site): Map<string, string> {
  return new Map(
    [...versionedDocsByRoute(site)].map(([route, { task, version }]) => [
      route,
      docPageKey(versionView(site, version), task),
    ]),
  );
}

/** The code blocks the page at `route` showed in the last build, by their keys (keptCode.ts). */
async function lastCodeOf(caches: DocCaches, route: string): Promise<Map<string, string>> {
  const key = caches.lastPageKey(route);
  const last = key === undefined ? undefined : await caches.pages.last(key);
  const html = last?.code && (await last.bytes());
  return last?.code && html ? codeBySpans(contentText(html), last.code) : new Map();
}

/**
 * Renders one docs page, or takes it whole from the cache when neither it nor the shell changed
 * (its HTML read only when it is written: `LoadContent`); else its Markdown (from the cache when
 * the source, its path and the site's routes are unchanged), then the React shell around it.
 */
async function renderDocPage(
  site: RenderSite,
  renderMarkdown: MarkdownRenderer,
  caches: DocCaches,
  { task, pageKey }: DocJobPage,
): Promise<RenderedRoute> {
  const afresh = () => renderDocPageAfresh(site, renderMarkdown, caches, task);
  const kept = await caches.pages.get(pageKey, afresh);
  // A build without the cache renders each page once: nothing to keep, no digest to work out (set).
  return withLinksFrom(kept ?? (await caches.pages.set(pageKey, await afresh())), task.source.file);
}

async function renderDocPageAfresh(
  site: RenderSite,
  renderMarkdown: MarkdownRenderer,
  caches: DocCaches,
  task: SiteDoc,
): Promise<LoadedRoute> {
  const { source, title } = task;
  const { routesSignature, routes, positions, images } = lookupsFor(site);
  const key = markdownKey(task, routesSignature);
  const rendered = await caches.markdownCache.getOrCompute(key, async () =>
    renderMarkdown(source.markdown, source.file, {
      relativePath: source.relativePath,
      routes,
      variables: site.variables,
      baseUrl: site.config.baseUrl,
      title,
      images,
      keptCode: await lastCodeOf(caches, source.route),
    }),
  );
  const position = positions.get(source.route) ?? -1;
  const categories = sidebarTrail(site.sidebar, source.route);
  const trail = categories.filter((category) => category.route !== source.route);
  const previous = position > 0 ? site.readingOrder[position - 1] : undefined;
  const next = position >= 0 ? site.readingOrder[position + 1] : undefined;
  const [{ renderPage }, { projectComponents }, { DocPage }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../components/projectComponents.ts'),
    import('../../templates/DocPage.tsx'),
  ]);
  const page = pageDataFor(site, source.route, {
    title,
    description: source.frontMatter.description ?? site.config.tagline,
    ogType: 'article',
  });
  const changelog = changelogOn(site, source.route);
  const doc: DocData = {
    title,
    hasOwnH1: rendered.title !== undefined,
    html: rendered.html,
    toc: changelog ? [...changelogToc(changelog), ...rendered.toc] : rendered.toc,
    changelog,
    hideTableOfContents: source.frontMatter.hide_table_of_contents,
    breadcrumbs: [
      ...trail.map((category) => ({
        label: category.label,
        href: category.route && withBase(site.config.baseUrl, category.route),
      })),
      { label: source.frontMatter.sidebar_label ?? title },
    ],
    previous: previous && { label: previous.label, href: withBase(site.config.baseUrl, previous.route) },
    next: next && { label: next.label, href: withBase(site.config.baseUrl, next.route) },
    editUrl:
      site.config.docs.editUrl && editLink(site.config.docs.editUrl, `${site.version.docsDir}/${source.relativePath}`),
    lastUpdated: task.lastUpdated,
  };
  const html = renderPage(
    DocPage,
    { page, doc },
    { route: source.route, file: source.file },
    { components: await projectComponents(site) },
  );
  const output: PageOutput = {
    route: source.route,
    ...pageIdsIn(html),
    links: rendered.links.map(({ line, column, href, missingFile, image, suggestion }) => ({
      file: source.file,
      line,
      column,
      href,
      missingFile,
      image,
      suggestion,
    })),
    records: siteRecordsOf(
      // The sidebar's top-level entry that holds the page (a category's own page too): what search groups it under.
      {
        route: source.route,
        lvl0: categories[0]?.label ?? source.frontMatter.sidebar_label ?? title,
        tag: versionSearchTag(site.version),
      },
      describedRecords(withChangelogRecords(rendered.records, changelog, title), source.frontMatter.description),
      site.config,
    ),
  };
  // Where its code blocks are in the page, for the next build of it (keptCode.ts).
  const at = rendered.code?.length ? html.indexOf(rendered.html) : -1;
  return { route: source.route, content: html, output, ...(at >= 0 ? { code: movedSpans(rendered.code!, at) } : {}) };
}

/** The API changes the page shows above its prose (changelogOfPage), linked under the base URL. */
const changelogOn = (site: RenderSite, route: string) =>
  changelogOfPage(site, route, (sitePath) => withBase(site.config.baseUrl, sitePath));

/** The page's records with the changelog's generated section's after its title, where the page shows it. */
function withChangelogRecords(records: PageRecord[], changelog: ChangelogVersion[] | undefined, title: string) {
  if (!changelog) return records;
  const [first, ...rest] = records;
  if (first?.type !== 'lvl1') return [...changelogRecords(changelog, title), ...records];
  return [first, ...changelogRecords(changelog, first.hierarchy.lvl1 ?? title), ...rest];
}

/** `editUrl` followed by the file's path in the project, each segment written as a URL holds it (`a b.md` → `a%20b.md`). */
const editLink = (editUrl: string, file: string) =>
  `${editUrl.replace(/\/?$/, '/')}${file.split('/').map(encodeURIComponent).join('/')}`;

/**
 * An image beside the pages added, changed or deleted: read again. Its URL names its content,
 * so every page's Markdown is stale; the pages that name the file are rendered at once, so one
 * left showing a deleted image says so on save.
 */
async function imageChanged(site: Site, relative: string): Promise<SourceChange> {
  const file = path.join(site.root, relative);
  const relativePath = path.relative(path.join(site.root, site.version.docsDir), file).split(path.sep).join('/');
  const exists = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  const others = site.images.filter((image) => image.relativePath !== relativePath);
  const images = exists
    ? [...others, await readImage(file, relativePath)].sort((a, b) => a.relativePath.localeCompare(b.relativePath))
    : others;
  const name = path.posix.basename(relativePath);
  return {
    site: { ...site, images },
    stale: '*',
    check: site.docs
      .filter(({ source }) => source.markdown.includes(name) || source.markdown.includes(encodeURI(name)))
      .map(({ source }) => source.route),
  };
}

/**
 * A saved, added or deleted page: re-read it, and work out whether every page's shell changes
 * (title, sidebar label or position, route, or the page list) or only the page itself.
 */
async function pageChanged(site: Site, relative: string): Promise<SourceChange> {
  const file = path.join(site.root, relative);
  const docsDir = path.join(site.root, site.version.docsDir);
  const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
  const raw = await readFile(file, 'utf8').catch(() => undefined);
  const index = site.docs.findIndex(({ source }) => source.relativePath === relativePath);
  const before = site.docs[index];
  let docs = [...site.docs];
  let task: SiteDoc | undefined;
  if (raw === undefined) {
    if (index !== -1) docs.splice(index, 1);
  } else {
    const source = readPage(raw, file, relativePath, site.variables, site.version.docsBase);
    const title = pageTitle(source, site.variables);
    // A page saved keeps the date its history gave it at start (its change is not committed yet);
    // a page added is dated by its file, as a build dates a page no commit holds.
    task = { source, title, lastUpdated: before?.lastUpdated ?? modifiedAt(file) };
    docs =
      index === -1
        ? [...docs, task].sort((a, b) => a.source.relativePath.localeCompare(b.source.relativePath))
        : docs.map((other, i) => (i === index ? task! : other));
    assertRoutesUnique(docs.map((doc) => doc.source));
  }
  const shellChanged =
    !before ||
    !task ||
    before.title !== task.title ||
    before.source.route !== task.source.route ||
    before.source.frontMatter.sidebar_label !== task.source.frontMatter.sidebar_label ||
    before.source.frontMatter.sidebar_position !== task.source.frontMatter.sidebar_position;
  const route = task?.source.route ?? before?.source.route;
  return {
    site: shellChanged ? { ...site, ...withDocs(site, docs) } : { ...site, docs },
    stale: shellChanged ? '*' : route ? [route] : [],
    check: task ? [task.source.route] : [],
    warnings: task?.source.warnings,
  };
}
