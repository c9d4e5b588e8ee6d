import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { withBase } from '../model/paths.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { validateInThread } from '../openapi/validateInThread.ts';
import { filesChangedAt, readCommitDates } from '../content/lastUpdated.ts';
import { locateDescriptionError } from '../openapi/locateDescriptionError.ts';
import {
  describedFiles,
  descriptionDownloads,
  postmanCollectionFile,
  type DescribedFile,
  type Downloads,
} from '../openapi/descriptionFiles.ts';
import { descriptionFilesAhead, type Settled } from '../openapi/descriptionFilesAhead.ts';
import { headingsLifted, itemHeadingLevel, type ApiPageView, type ReferencePage } from '../model/apiReference.ts';
import { markdownAhead, requestMarkdown, type MarkdownRequest } from '../openapi/markdownAhead.ts';
import { operationTags, referencePages, referenceRoute } from '../openapi/referencePages.ts';
import type { ReferenceOptions } from '../openapi/buildReference.ts';
import type { RenderFragment } from '../openapi/operationParts.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { DocsgenError, fromErrorValue } from '../errors.ts';
import { plainParagraphs } from '../markdown/plainParagraphs.ts';
import { htmlParagraphs } from '../markdown/htmlParagraphs.ts';
import { hashOf } from '../cache/renderCache.ts';
import { pageIdsIn, type LinkSource, type PageOutput } from '../model/pageOutput.ts';
import type { RenderSite, Site, SiteVersion } from '../site/site.ts';
import {
  apiSegmentsTaken,
  versionContent,
  versionOfRoute,
  versionSearchTag,
  versionView,
  withVersion,
} from '../site/siteVersions.ts';
import { currentVersionName, versionsLayout } from '../site/versionsFile.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { changesShown, withApiChanges } from '../site/siteApiChanges.ts';
import { markChanges } from '../openapi/markChanges.ts';
import { pageDataFor } from '../props/pageData.ts';
import { withLinksFrom, type PageSource } from './pageSource.ts';
import { piecesBytes, type LoadedRoute, type RenderedRoute } from '../write/renderedRoute.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import { routeCache, type KeptRoute } from '../write/routeCache.ts';
import type { RenderState } from '../render/renderState.ts';
import { passesHundredth } from '../render/passesHundredth.ts';
import { markdownTwinsOn } from '../llms/markdownTwinsOn.ts';
import { twinRoute } from '../llms/llmsTxt.ts';
import { apiTwin } from '../llms/apiTwin.ts';

/** The description of a site with an API reference: a site without one has no routes here. */
function describedBy(site: Pick<Site, 'openApi'>): OpenApiModel {
  if (!site.openApi) throw new Error('the site has no OpenAPI description');
  return site.openApi;
}

/**
 * Stable URLs of the API description's downloads, linked from the reference and the docs: named
 * after the description's own file (`openapi/my-api.yaml` → `/api/my-api.yaml`), below the
 * version's reference (`/api/2.9.0/my-api.yaml` for a snapshot).
 */
export function apiDownloads(site: Pick<Site, 'openApi' | 'version'>) {
  const name = path.basename(describedBy(site).file).replace(/\.(ya?ml|json)$/i, '');
  const base = site.version.apiBase;
  return [
    { label: 'OpenAPI (YAML)', href: `${base}${name}.yaml` },
    { label: 'OpenAPI (JSON)', href: `${base}${name}.json` },
    { label: 'Postman collection', href: `${base}postman-collection.json` },
  ];
}
const downloadRoutes = (site: RenderSite) => {
  const [yaml, json, postman] = apiDownloads(site).map((download) => download.href);
  return { yaml, json, postman };
};
/** The folder of the current version's OpenAPI description, relative to the project: every file in it may be part of the description. */
const apiFolder = ({ root, config }: Pick<Site, 'root' | 'config'>) =>
  config.openapi &&
  path
    .relative(root, path.dirname(path.resolve(root, config.openapi)))
    .split(path.sep)
    .join('/');

/** The folder of a version's description, relative to the project (a snapshot's is versioned_openapi/<label>). */
const versionApiFolder = (
  site: Pick<Site, 'root' | 'config'>,
  version: SiteVersion | RenderSite['versions'][number],
) => (version.name === currentVersionName ? apiFolder(site) : versionsLayout.openApiDir(version.name));

/** Every version that has an API description, as its pages see the site: the current one first. */
const describedViews = <S extends RenderSite>(site: S): S[] =>
  site.versions.filter((version) => version.openApi).map((version) => versionView(site, version.name));

/** The described version whose reference a route is in. */
const viewOfRoute = <S extends RenderSite>(site: S, route: string): S =>
  versionView(site, versionOfRoute(site, route)!.name);

/** A Markdown fragment of the description rendered (a description, a sample, an example), with its links: cached by its text. */
interface CachedFragment {
  html: string;
  links: { href: string; missingFile: boolean }[];
}

/** A page's key in the render cache: a split reference's page by what it shows of the description (its digest), the others by the whole description. */
const apiPageKey = (site: RenderSite, page: ReferencePage) =>
  hashOf(
    'api-page',
    page.digest ?? describedBy(site).signature,
    lookupsFor(site).routesSignature,
    lookupsFor(site).shellSignature,
    page.route,
    String(site.config.apiReference.splitAbove),
    String(site.config.apiReference.splitAboveElements),
    site.config.apiReference.sampleLanguages.join(),
    marksSignature(site),
  );
// The marks follow from the version's changes: worked out once per change set, not per page.
const marksSignatures = new WeakMap<object, string>();
const marksSignature = (site: RenderSite) => {
  const changes = changesShown(site);
  if (!changes) return '';
  let signature = marksSignatures.get(changes);
  if (signature === undefined) marksSignatures.set(changes, (signature = hashOf(JSON.stringify(changes.set.changes))));
  return signature;
};
// What a fragment's HTML depends on besides its text, hashed once per site (and version), not once a fragment.
const fragmentSettings = new WeakMap<RenderSite, string>();
const settingsOf = (site: RenderSite) => {
  let settings = fragmentSettings.get(site);
  if (settings === undefined) {
    settings = hashOf(
      lookupsFor(site).routesSignature,
      site.version.apiBase,
      // The variables' entries: a Map is written by JSON.stringify as `{}`, whatever it holds.
      JSON.stringify([...site.variables]),
      site.config.apiReference.imageHosts.join(),
    );
    fragmentSettings.set(site, settings);
  }
  return settings;
};
const fragmentKey = (site: RenderSite, markdown: string, headingsBelow: number) =>
  hashOf('api-fragment', settingsOf(site), String(headingsBelow), markdown);

/** What a fragment of the description is rendered with (settingsOf), but the level of the heading it is shown under. */
const fragmentContext = (site: RenderSite): MarkdownRequest['context'] => ({
  relativePath: '../openapi',
  routes: lookupsFor(site).routes,
  variables: site.variables,
  baseUrl: site.config.baseUrl,
  imageOrigins: site.config.apiReference.imageHosts,
});

/** The pages of one job whose mistakes are reported before the job stops: enough to fix a run's worth, bounded on a reference that is wrong throughout. */
export const failedPagesReported = 10;

/** Fragments kept in memory: the ones pages share (error responses, common parameters) and, in watch mode, all of a large reference. */
const fragmentsInMemory = 20_000;

function apiCaches(caches: CacheSet) {
  return {
    // A page's fields by its key, its HTML apart, read only when the page is written (GitHub's 119 pages: 52 MB).
    apiPageCache: routeCache(caches, 'api-page', 2),
    fragmentCache: caches.cache<CachedFragment>('api-fragment', fragmentsInMemory),
    // The downloads and the collection, their bytes read only when written (GitHub's: 38 MB).
    filesCache: routeCache(caches, describedFiles.name, 3),
    // A page's Markdown twin, kept beside the page (by the page's key and what only the twin reads).
    twinCache: routeCache(caches, 'api-twin', 2),
  };
}

// Each version's pages with their links, made once: every job asks (GitHub's 119 page jobs: 119 × 119 pages copied).
const pagesWithLinks = new WeakMap<object, { baseUrl: string; pages: ApiPageView['pages'] }>();
/** The reference's pages (one, or an overview and a page per tag above the configured size), their links with the base URL. */
const pagesOf = (site: RenderSite): ApiPageView['pages'] => {
  const known = pagesWithLinks.get(site.apiPages);
  if (known?.baseUrl === site.config.baseUrl) return known.pages;
  const pages = site.apiPages.map((page) => ({ ...page, href: withBase(site.config.baseUrl, page.route) }));
  pagesWithLinks.set(site.apiPages, { baseUrl: site.config.baseUrl, pages });
  return pages;
};

/**
 * From this many operations up, each page of a split reference is a render job of its own, which
 * any thread takes; below it, the pages are one job, rendered in one thread as the reference's
 * one page would be. A thread that renders a reference's first page pays for its imports, its
 * compiled code and Shiki's grammars, and starts its caches empty: Dropbox Sign's 73 operations,
 * split by their elements into 21 pages, cost ~1.2 s of CPU more (1.21–1.27× the one page) when
 * both threads rendered pages, and ~1.02× on one (farm-bench pairs, cold).
 */
export const spreadAboveOperations = 100;

// By description: the jobs, the estimate and every page's progress ask (GitHub's: ~60 ms a count).
const operationCounts = new WeakMap<object, number>();
/** How many operations the version's description has. */
const operationCount = (site: RenderSite) => {
  const api = describedBy(site);
  let count = operationCounts.get(api.document);
  if (count === undefined)
    operationCounts.set(api.document, (count = [...operationTags(api).values()].reduce((sum, n) => sum + n, 0)));
  return count;
};

/** A job's files made, and the description checked, by the description's own thread (src/openapi/descriptionFilesAhead.ts), where one did. */
interface FilesMadeAhead {
  postman?: Settled<Uint8Array>;
  downloads?: Settled<Downloads>;
  checked?: Settled<true>;
}

/** The page that introduces a reference (the overview, or the one page): it is built once Redocly has checked the description. */
const introduces = (page: ReferencePage) => page.kind === 'whole' || page.kind === 'overview';

/** Operations rendered by this thread, by description: its part of the progress line (threads add theirs up). */
const operationsDone = new WeakMap<object, number>();

/**
 * The API reference of every version: `/api/` (a snapshot's `/api/<label>/`) rendered from its
 * OpenAPI file (split into pages per tag when it is large), its YAML and JSON downloads, and the
 * Postman collection converted from it. Each page, the downloads and the collection are jobs of
 * their own, so that every thread takes a share.
 */
export const apiSource: PageSource<FilesMadeAhead | undefined> = {
  name: 'api',
  routes: (site) =>
    describedViews(site).flatMap((view) => [
      // The current version's overview (or whole reference) is the reference other pages link to.
      ...pagesOf(view).flatMap(({ route }) => [
        route === referenceRoute ? { route, page: true, role: 'reference' as const } : { route, page: true },
        // Its Markdown twin (src/llms/apiTwin.ts), where docs pages have theirs: out of the sitemap, announced in its head.
        ...(markdownTwinsOn(site)
          ? [{ route: twinRoute(route), page: false, alternateOf: { route, type: 'text/markdown' } }]
          : []),
      ]),
      ...apiDownloads(view).map(({ href }) => ({ route: href, page: false })),
    ]),
  watchedPaths: (project) => [apiFolder(project), versionsLayout.openApiRoot].filter((folder) => folder !== undefined),
  watches: (site, file) => describedFolderOf(site, file) !== undefined,
  async changed(site, file) {
    // Any file of a description's folder: that version's description is loaded again whole, and
    // the pages whose keys changed render again (their unchanged fragments from the fragment cache).
    const view = versionView(site, describedFolderOf(site, file)!.name);
    // A file of the description saved as it is (a second event of one write): nothing changed.
    const known = describedBy(view).files.find((entry) => entry.file === path.resolve(site.root, file));
    if (known && (await readFile(known.file, 'utf8').catch(() => undefined)) === known.source)
      return { site, stale: [], check: [] };
    // Its parse is kept in the render cache after the page is served.
    const later: (() => Promise<void>)[] = [];
    const openApi = await loadOpenApi(describedBy(view).file, {
      dir: site.cacheDir,
      root: site.root,
      later: (keep) => later.push(keep),
    });
    // The feed dates it by its files' last commit: the history is read again (a commit may have come since the start).
    const commits = await readCommitDates(site.root, [path.dirname(openApi.file)]);
    const openApiUpdated = await filesChangedAt(
      commits,
      site.root,
      openApi.files.map((entry) => entry.file),
    );
    // Planned from the outline the pages had, built again only where the edit changed it.
    const apiPages = await referencePages(openApi, site.config.apiReference, {
      base: view.version.apiBase,
      cacheDir: site.cacheDir,
      taken: apiSegmentsTaken(site.versions, view.version.apiBase),
      later: (work) => later.push(work),
      previous: describedBy(view),
    });
    // What changed between the versions follows from their descriptions.
    const changed = await withApiChanges(
      withVersion(site, view.version.name, { ...versionContent(view), openApi, openApiUpdated, apiPages }),
      site.cacheDir,
    );
    // The changelog (a docs page) and its feed show those changes: their sources mark them stale.
    // A reference page whose key is unchanged (a split reference's page the edit did not touch) is not stale.
    const before = new Map(pagesOf(view).map((page) => [page.route, apiPageKey(view, page)]));
    const after = versionView(changed, view.version.name);
    const unchanged = new Set(
      pagesOf(after)
        .filter((page) => before.get(page.route) === apiPageKey(after, page))
        .flatMap((page) => [page.route, twinRoute(page.route)]),
    );
    const stale = [...new Set([...this.routes(site), ...this.routes(changed)].map(({ route }) => route))].filter(
      (route) => !unchanged.has(route),
    );
    // A small reference is checked on save; a split one in the background, where its overview is
    // validated, so that the page being read is served again at once.
    const whole = apiPages[0].kind === 'whole';
    return { site: changed, stale, check: whole ? [view.version.apiBase] : [], later };
  },
  jobs: (site, routes) =>
    describedViews(site)
      .flatMap((view) => {
        const { yaml, json, postman } = downloadRoutes(view);
        const files = [postman, yaml, json];
        const own = routes.filter((route) => versionOfRoute(site, route)?.name === view.version.name);
        const pages = own.filter((route) => !files.includes(route));
        // A page's twin is made from the page's model, in the page's job (alone when its page is not asked for).
        const twins = new Set(pagesOf(view).map((page) => twinRoute(page.route)));
        const perPage = pages
          .filter((route) => !twins.has(route))
          .map((route) => [route, ...(own.includes(twinRoute(route)) ? [twinRoute(route)] : [])]);
        const twinsAlone = pages.filter(
          (route) => twins.has(route) && !own.includes(route.slice(0, -'index.md'.length)),
        );
        // The long ones first: the collection, then the downloads, then the pages: each on its own,
        // or together when the reference is too small to be worth a second thread (spreadAboveOperations).
        return [
          [postman],
          [yaml, json],
          ...(operationCount(view) < spreadAboveOperations
            ? [pages]
            : [...perPage, ...twinsAlone.map((route) => [route])]),
        ].map((job) => job.filter((route) => own.includes(route)));
      })
      .filter((job) => job.length > 0),
  inputs(site, routes) {
    // A job of the description's files, or of the page that introduces its reference (checked by
    // Redocly first), waits for the thread making them ahead, if one is: queued once that thread
    // has made them or checked it, while the other pages render.
    const view = viewOfRoute(site, routes[0]);
    const ahead = descriptionFilesAhead(describedBy(view));
    // The routes are known now, before any page renders: the description's thread is asked to
    // render its Markdown (once), as the pages of a split reference lift its headings.
    if (ahead)
      requestMarkdown(
        describedBy(view),
        settingsOf(view),
        fragmentContext(view),
        pagesOf(view)[0].kind === 'whole' ? 0 : headingsLifted('tag'),
      );
    const { yaml, json, postman } = downloadRoutes(view);
    const downloads = routes.includes(yaml) || routes.includes(json);
    const checks = pagesOf(view).some((page) => introduces(page) && routes.includes(page.route));
    if (!ahead || !(downloads || checks || routes.includes(postman))) return undefined;
    return Promise.all([
      routes.includes(postman) ? ahead.postman : undefined,
      downloads ? ahead.downloads : undefined,
      checks ? ahead.checked : undefined,
    ]).then(([madePostman, madeDownloads, checked]) => ({ postman: madePostman, downloads: madeDownloads, checked }));
  },
  estimate(site, caches) {
    const { apiPageCache, filesCache } = apiCaches(caches);
    return describedViews(site).reduce((sum, view) => {
      const pages = pagesOf(view);
      const uncached = pages.filter((page) => !apiPageCache.has(apiPageKey(view, page))).length;
      // About 25 ms an operation rendered (GitHub's 1,223: 30 s in one thread), 20 ms a page from the cache.
      const operations = operationCount(view);
      return (
        sum +
        20 * pages.length +
        (uncached === 0 ? 0 : Math.max(2500, 25 * operations * (uncached / pages.length))) +
        (filesCache.has(describedFiles.key(describedBy(view), 'postman')) ? 5 : 600)
      );
    }, 0);
  },
  async render(site, state, routes, ahead, emit, failed) {
    // A job holds the routes of one version (jobs).
    const view = viewOfRoute(site, routes[0]);
    const { yaml: yamlDownload, json: jsonDownload, postman: postmanDownload } = downloadRoutes(view);
    if (routes.includes(postmanDownload))
      for (const file of await describedFilesOf(view, state, { postman: postmanDownload }, async () => ({
        postman: ahead?.postman ? settled(ahead.postman) : postmanCollectionFile(describedBy(view)),
      })))
        await emit(file);
    const downloads = { yaml: yamlDownload, json: jsonDownload };
    const wanted = Object.fromEntries(Object.entries(downloads).filter(([, route]) => routes.includes(route)));
    if (Object.keys(wanted).length > 0)
      for (const file of await describedFilesOf(view, state, wanted, async () =>
        ahead?.downloads ? settled(ahead.downloads) : descriptionDownloads(describedBy(view)),
      ))
        await emit(file);
    const pages = pagesOf(view);
    // A small split reference's pages are one job: a mistake in one page is reported and the next
    // pages go on, as they would in jobs of their own, up to a few pages' worth (the build fails anyway).
    let failures = 0;
    const asked = (page: ReferencePage) => routes.includes(page.route) || routes.includes(twinRoute(page.route));
    for (const page of pages.filter(asked)) {
      try {
        const { rendered, twin } = await apiPage(view, state, page, pages, ahead?.checked);
        // Links name the description where it is now, even from a cache made elsewhere.
        if (routes.includes(page.route)) await emit(withLinksFrom(rendered, describedBy(view).file));
        if (twin !== undefined && routes.includes(twinRoute(page.route)))
          await emit({ ...twin, route: twinRoute(page.route) });
      } catch (error) {
        if (!(error instanceof DocsgenError) || !failed) throw error;
        failed(error);
        if (++failures === failedPagesReported) return;
      }
    }
  },
};

/** The version whose description's folder holds a project file (relative, '/'-separated). */
function describedFolderOf(site: Site, file: string) {
  return site.versions.find((version) => {
    const folder = version.openApi && versionApiFolder(site, version);
    return folder !== undefined && file.startsWith(`${folder}/`);
  });
}

async function apiPage(
  site: RenderSite,
  state: RenderState,
  page: ApiPageView['pages'][number],
  pages: ApiPageView['pages'],
  checked: Settled<true>,
): Promise<{ rendered: RenderedRoute; twin?: RenderedRoute }> {
  const { apiPageCache, twinCache } = apiCaches(state);
  const pageKey = apiPageKey(site, page);
  // The page's twin is made with it, from the same model, where the routes declare one.
  const twinKey = hasTwin(site, page.route) ? apiTwinKey(site, pageKey) : undefined;
  // Their bytes gone from the cache (damaged): the page is made again, and so is its twin.
  let fresh: Promise<{ rendered: LoadedRoute; twin?: LoadedRoute }> | undefined;
  const afresh = () => (fresh ??= apiPageAfresh(site, state, page, pages, checked, pageKey, twinKey));
  const rendered = await apiPageCache.get(pageKey, async () => (await afresh()).rendered);
  const cachedTwin =
    twinKey === undefined ? undefined : await twinCache.get(twinKey, async () => (await afresh()).twin!);
  if (rendered && (twinKey === undefined || cachedTwin !== undefined)) return { rendered, twin: cachedTwin };
  return afresh();
}

/** Renders a reference page (and its twin, given its key), and keeps them in the cache. */
async function apiPageAfresh(
  site: RenderSite,
  state: RenderState,
  page: ApiPageView['pages'][number],
  pages: ApiPageView['pages'],
  checked: Settled<true>,
  pageKey: string,
  twinKey: string | undefined,
): Promise<{ rendered: LoadedRoute; twin?: LoadedRoute }> {
  const { apiPageCache, twinCache } = apiCaches(state);
  // The reference is validated with the page that introduces it: the overview, or the one page.
  // The dev server checks a split reference's after its overview is served (GitHub's: 0.8 s of
  // CPU), in another thread, and keeps the page in the cache once it is valid; a small one's on
  // save, as a build does.
  const validatesLater = page.kind === 'overview' && state.later !== undefined;
  if (introduces(page) && !validatesLater) await validated(describedBy(site), checked);
  const links: PageOutput['links'] = [];
  // The reference's builder needs an HTML parser: loaded only when a page is built, not on a cached build.
  const { anchorLinkRoutes, anchorPages, pageReference } = await import('../openapi/pageReference.ts');
  const built = await pageReference(
    describedBy(site),
    fragmentRenderer(site, state, links),
    referenceOptions(site, state),
    page,
    pages,
  ).catch(async (error: unknown) => {
    // A description the builder cannot read (a string where an object belongs) is reported as the validator finds it.
    if (!(error instanceof DocsgenError)) await validated(describedBy(site));
    throw error;
  });
  // A description's links to an anchor are checked as links to the page their HTML leads to.
  if (links.some((link) => link.description)) {
    const routeOf = await anchorLinkRoutes(describedBy(site), page, pages);
    for (const [index, link] of links.entries())
      if (link.description)
        links[index] = { ...link, href: `${routeOf(link.description.written)}${link.description.written}` };
  }
  // What the version changed since the one before, marked on the page.
  const reference = markChanges(built, changesShown(site));
  const title = page.kind === 'whole' || page.kind === 'overview' ? 'API reference' : `${page.label} · API reference`;
  const view: ApiPageView = {
    page,
    pages,
    anchorPages: page.kind === 'overview' ? await anchorPages(describedBy(site), pages) : undefined,
  };
  const data = pageDataFor(site, page.route, {
    title,
    description: `Every endpoint, parameter and schema of the ${site.config.product.name} ${reference.title} ${reference.version}.`,
    ogType: 'website',
    // The overview forwards an anchor of another page to it from its head (src/client/headSnippet.ts).
    ...(view.anchorPages && {
      anchorPages: JSON.stringify({
        pages: pages.map((other) => other.href),
        anchors: view.anchorPages,
      }).replace(/</g, '\\u003c'),
    }),
  });
  const [{ renderPagePieces }, { projectComponents }, { ApiPage }, { apiPageSearchRecords }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../components/projectComponents.ts'),
    import('../../templates/ApiPage.tsx'),
    import('../search/apiRecords.ts'),
  ]);
  // In pieces, written as bytes: the page is never one string (GitHub's are up to 780,000 characters).
  const pieces = renderPagePieces(
    ApiPage,
    { page: data, api: reference, view },
    { route: page.route, file: describedBy(site).file },
    { components: await projectComponents(site) },
  );
  // The overview forwards an anchor of another page to it (src/client/headSnippet.ts): links made
  // to the reference on one page, `/api/#operation/x`, still arrive.
  const { ids, shellIds } = pageIdsIn(pieces);
  const rendered: LoadedRoute = {
    route: page.route,
    content: piecesBytes(pieces),
    output: {
      route: page.route,
      ids: [...ids, ...Object.keys(view.anchorPages ?? {})],
      shellIds,
      links,
      records: apiPageSearchRecords(
        reference,
        page,
        // Each version's reference answers searches made in that version.
        { route: page.route, lvl0: 'API reference', tag: versionSearchTag(site.version) },
        site.config,
      ),
    },
  };
  const twin =
    twinKey === undefined
      ? undefined
      : apiTwin(reference, view, {
          origin: site.config.url.replace(/\/$/, ''),
          variables: site.variables,
          document: describedBy(site).document,
        });
  const twinRendered = twin === undefined ? undefined : { route: twinRoute(page.route), content: twin };
  // Kept with their contents' digests, which the writer names the files by.
  const keep = async () => ({
    rendered: await apiPageCache.set(pageKey, rendered),
    twin: twinKey === undefined ? undefined : await twinCache.set(twinKey, twinRendered!),
  });
  if (!validatesLater) return keep();
  state.later!(async () => {
    // Off the serving thread: requests are answered while it runs.
    await validateInThread(describedBy(site));
    await keep();
  });
  return { rendered, twin: twinRendered };
}

/** Whether the site declares a Markdown twin of the page (markdownTwinsOn, in the routes). */
const hasTwin = (site: RenderSite, route: string) =>
  site.alternates?.[route]?.some(({ type }) => type === 'text/markdown') ?? false;

/** A twin's key in the cache: its page's, and what the twin reads that the page does not (the site's URL, the variables in descriptions as written). */
const apiTwinKey = (site: RenderSite, pageKey: string) =>
  hashOf('api-twin', pageKey, site.config.url, JSON.stringify([...site.variables]));

/**
 * Resolves once the description has passed Redocly's validation (~1.2 s on GitHub's); a located
 * error otherwise. Checked by the description's own thread where one is (`checked`, or awaited
 * from it), else here.
 */
async function validated(api: OpenApiModel, checked?: Settled<true>): Promise<void> {
  const ahead = checked ?? (await descriptionFilesAhead(api)?.checked);
  if (ahead) {
    settled(ahead);
    return;
  }
  // Redocly takes ~0.3 s to import: only when a page is built, not on a cached build.
  const { validateOpenApi } = await import('../openapi/validateOpenApi.ts');
  await validateOpenApi(api);
}

/** What the reference's builder takes from the site: the downloads' links, the samples' languages, and the progress line. */
function referenceOptions(site: RenderSite, { report }: RenderState): ReferenceOptions {
  const total = operationCount(site);
  // How many of this page's operations are counted in the thread's.
  let counted = 0;
  return {
    downloads: apiDownloads(site).map((download) => ({
      ...download,
      href: withBase(site.config.baseUrl, download.href),
    })),
    sampleLanguages: site.config.apiReference.sampleLanguages,
    onOperation:
      report &&
      ((done, ofPage) => {
        // This page's operations added to what the thread rendered before (the pool adds the threads up).
        const document = describedBy(site).document;
        const before = operationsDone.get(document) ?? 0;
        const thread = before + done - counted;
        operationsDone.set(document, thread);
        counted = done;
        // Said at the page's end, and as the thread's count passes each hundredth of the operations.
        if (done === ofPage || passesHundredth(before, thread, total))
          report({ label: 'API reference', done: thread, total, unit: 'operations' });
      }),
  };
}

/**
 * Renders the description's Markdown fragments for one page: each distinct text once on the page,
 * and from the fragment cache when another page (or an earlier build, or the description before
 * an edit) rendered it, so that an edit renders again only the fragments it changed.
 */
function fragmentRenderer(site: RenderSite, state: RenderState, links: PageOutput['links']): RenderFragment {
  const api = describedBy(site);
  const { fragmentCache } = apiCaches(state);
  const rendered = new Map<string, Promise<string>>();
  const { imageOrigins, ...context } = fragmentContext(site);
  const renderFresh = async (markdown: string, headingsBelow: number): Promise<CachedFragment> => {
    // Rendered by the description's thread, with this context, where it has sent it (markdownAhead.ts).
    const ahead = markdownAhead(api, settingsOf(site), headingsBelow, markdown);
    if (ahead) return ahead;
    const result = await state
      .renderMarkdown(markdown, api.file, { ...context, descriptionHtml: { imageOrigins, headingsBelow } })
      .catch((error: unknown) => {
        throw locateDescriptionError(error, api.files[0].source);
      });
    return {
      html: result.html,
      links: result.links.map((link) => ({ href: link.href, missingFile: link.missingFile })),
    };
  };
  return (markdown, headingsBelow = itemHeadingLevel) => {
    const key = `${headingsBelow}\n${markdown}`;
    let html = rendered.get(key);
    if (!html) {
      // Stripe's descriptions are written as HTML paragraphs (htmlParagraphs).
      const plain = plainParagraphs(markdown, site.config.baseUrl) ?? htmlParagraphs(markdown);
      // A link to an anchor is looked for after the description's first line (src/links/placeDescriptionLinks.ts).
      const located = (link: CachedFragment['links'][number]): LinkSource => ({
        file: api.file,
        line: 0,
        column: 0,
        ...link,
        ...(link.href.startsWith('#') && { description: { written: link.href, near: firstLine(markdown) } }),
      });
      if (plain) links.push(...plain.links.map((href) => located({ href, missingFile: false })));
      html = plain
        ? Promise.resolve(plain.html)
        : fragmentCache
            .getOrCompute(fragmentKey(site, markdown, headingsBelow), () => renderFresh(markdown, headingsBelow))
            .then((fragment) => {
              links.push(...fragment.links.map(located));
              return fragment.html;
            });
      rendered.set(key, html);
    }
    return html;
  };
}

/** A Markdown text's first line that holds something: where a description is found in its file. */
const firstLine = (markdown: string) => markdown.trimStart().split('\n', 1)[0].trimEnd();

/**
 * Files made from the description (its downloads, its Postman collection), `wanted` by their
 * routes: from the cache, as the bytes they are written as with their digest, so that a file the
 * last build wrote is linked without being decoded or hashed again; else made by `make` (in the
 * thread that made them ahead, src/openapi/descriptionFilesAhead.ts, or here), and kept.
 */
async function describedFilesOf(
  site: RenderSite,
  state: CacheSet,
  wanted: Partial<Record<DescribedFile, string>>,
  make: () => Promise<Partial<Record<DescribedFile, Uint8Array>>>,
): Promise<RenderedRoute[]> {
  const api = describedBy(site);
  const { filesCache } = apiCaches(state);
  const kinds = Object.keys(wanted) as DescribedFile[];
  // Their bytes gone from the cache (damaged): made again, and kept again.
  let fresh: Promise<LoadedRoute[]> | undefined;
  const afresh = () =>
    (fresh ??= make().then((made) =>
      Promise.all(
        kinds.map((kind) =>
          filesCache.set(describedFiles.key(api, kind), { route: wanted[kind]!, content: made[kind]! }),
        ),
      ),
    ));
  const cached = await Promise.all(
    kinds.map((kind, index) => filesCache.get(describedFiles.key(api, kind), async () => (await afresh())[index])),
  );
  if (cached.every((file): file is KeptRoute => file !== undefined))
    return cached.map((file, index) => ({ ...file, route: wanted[kinds[index]]! }));
  return afresh();
}

/** A file made in another thread, or its mistake thrown here, where it would have been made. */
function settled<T>(made: NonNullable<Settled<T>>): T {
  if ('error' in made) throw fromErrorValue(made.error);
  return made.value;
}
