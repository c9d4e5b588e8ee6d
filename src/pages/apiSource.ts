import path from 'node:path';
import jsYaml from 'js-yaml';
import { withBase } from '../model/paths.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { locateDescriptionError } from '../openapi/locateDescriptionError.ts';
import { postmanCollection } from '../openapi/postmanCollection.ts';
import type {
  ApiBody,
  ApiOperation,
  ApiPageView,
  ApiReferenceData,
  ApiWebhook,
  ReferencePage,
  SchemaNode,
} from '../model/apiReference.ts';
import { referencePages, referenceRoute } from '../openapi/referencePages.ts';
import { fragmentHref } from '../model/apiAnchors.ts';
import { plainParagraph } from '../markdown/plainParagraph.ts';
import { hashOf } from '../cache/renderCache.ts';
import { defaultTag } from '../search/buildSearchRecords.ts';
import { idsIn, type PageOutput } from '../model/pageOutput.ts';
import type { RenderSite, Site, SiteVersion } from '../site/site.ts';
import { versionContent, versionOfRoute, versionView, withVersion } from '../site/siteVersions.ts';
import { currentVersionName, versionsLayout } from '../site/versionsFile.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { withApiChanges } from '../site/siteApiChanges.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { PageSource } from './pageSource.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';

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

/** The environment variable code samples read the key from: the product's slug, upper-cased, then `_API_KEY`. */
export const apiKeyVariable = (site: Pick<Site, 'config'>) =>
  `${site.config.product.slug.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_API_KEY`;

/** The description as one file in each format, for its downloads. */
interface Downloads {
  yaml: string;
  json: string;
}

/** The reference model with what it took to make it, cached by the OpenAPI files. */
interface CachedReference {
  reference: ApiReferenceData;
  links: PageOutput['links'];
}

/** A page of the reference as written: cached by the reference, the page and the shell around it. */
interface CachedApiPage {
  html: string;
  output: PageOutput;
}

const referenceKey = (site: RenderSite) =>
  hashOf('reference', describedBy(site).signature, lookupsFor(site).routesSignature, site.version.apiBase);
const apiPageKey = (site: RenderSite, route: string) =>
  hashOf(
    'api-page',
    referenceKey(site),
    lookupsFor(site).shellSignature,
    route,
    String(site.config.apiReference.splitAbove),
  );
const downloadsKey = (site: RenderSite) => hashOf('api-downloads', describedBy(site).signature);
const postmanKey = (site: RenderSite) => hashOf('postman', describedBy(site).signature);

function apiCaches(caches: CacheSet) {
  return {
    referenceCache: caches.cache<CachedReference>('reference', 2),
    apiPageCache: caches.cache<CachedApiPage>('api-page', 2),
    downloadsCache: caches.cache<Downloads>('api-downloads', 1),
    postmanCache: caches.cache<string>('postman'),
  };
}

/** The reference's pages (one, or an overview and a page per tag above the configured size), their links with the base URL. */
const pagesOf = (site: RenderSite) =>
  referencePages(describedBy(site), site.config.apiReference.splitAbove, site.version.apiBase).map((page) => ({
    ...page,
    href: withBase(site.config.baseUrl, page.route),
  }));

/**
 * The API reference of every version: `/api/` (a snapshot's `/api/<label>/`) rendered from its
 * OpenAPI file (split into a page per tag when it is large), its YAML and JSON downloads, and the
 * Postman collection converted from it (a job of its own, so it runs beside the pages).
 */
export const apiSource: PageSource = {
  name: 'api',
  routes: (site) =>
    describedViews(site).flatMap((view) => [
      // The current version's overview (or whole reference) is the reference other pages link to.
      ...pagesOf(view).map(({ route }) =>
        route === referenceRoute ? { route, page: true, role: 'reference' as const } : { route, page: true },
      ),
      ...apiDownloads(view).map(({ href }) => ({ route: href, page: false })),
    ]),
  watchedPaths: (project) => [apiFolder(project), versionsLayout.openApiRoot].filter((folder) => folder !== undefined),
  watches: (site, file) => describedFolderOf(site, file) !== undefined,
  async changed(site, file) {
    // Any file of a description's folder: that version's description is loaded again whole.
    const view = versionView(site, describedFolderOf(site, file)!.name);
    const openApi = await loadOpenApi(describedBy(view).file);
    // What changed between the versions follows from their descriptions.
    const changed = await withApiChanges(withVersion(site, view.version.name, { ...versionContent(view), openApi }));
    const stale = [...new Set([...this.routes(site), ...this.routes(changed)].map(({ route }) => route))];
    // The changelog page shows those changes.
    const changelog = site.config.docs.changelogPath;
    if (changelog && (site.apiChanges?.length || changed.apiChanges.length)) stale.push(changelog);
    return { site: changed, stale, check: [view.version.apiBase] };
  },
  jobs: (site, routes) =>
    describedViews(site)
      .flatMap((view) => {
        const { postman } = downloadRoutes(view);
        const own = routes.filter((route) => versionOfRoute(site, route)?.name === view.version.name);
        return [own.filter((route) => route !== postman), own.filter((route) => route === postman)];
      })
      .filter((job) => job.length > 0),
  estimate(site, caches) {
    const { referenceCache, apiPageCache, postmanCache } = apiCaches(caches);
    return describedViews(site).reduce((sum, view) => {
      const pages = pagesOf(view);
      const cachedPages = pages.every((page) => apiPageCache.has(apiPageKey(view, page.route)));
      return (
        sum +
        (cachedPages ? 20 * pages.length : referenceCache.has(referenceKey(view)) ? 600 : 2500) +
        (postmanCache.has(postmanKey(view)) ? 5 : 600)
      );
    }, 0);
  },
  async render(site, state, routes, _inputs, emit) {
    // A job holds the routes of one version (jobs).
    const view = viewOfRoute(site, routes[0]);
    const { yaml: yamlDownload, json: jsonDownload, postman: postmanDownload } = downloadRoutes(view);
    if (routes.includes(postmanDownload))
      await emit({ route: postmanDownload, content: await postmanCollectionText(view, state) });
    if (routes.includes(yamlDownload) || routes.includes(jsonDownload)) {
      const downloads = await downloadsOf(view, state);
      if (routes.includes(yamlDownload)) await emit({ route: yamlDownload, content: downloads.yaml });
      if (routes.includes(jsonDownload)) await emit({ route: jsonDownload, content: downloads.json });
    }
    const pages = pagesOf(view);
    // The reference is built (or read from the cache) once for all the pages of the job.
    let reference: Promise<CachedReference> | undefined;
    const loadReference = () => (reference ??= referenceOf(view, state));
    for (const page of pages.filter((candidate) => routes.includes(candidate.route))) {
      const rendered = await apiPage(view, state, page, pages, loadReference);
      // Links name the description where it is now, even from a cache made elsewhere.
      await emit({
        route: page.route,
        content: rendered.html,
        output: {
          ...rendered.output,
          links: rendered.output.links.map((link) => ({ ...link, file: describedBy(view).file })),
        },
      });
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

async function referenceOf(site: RenderSite, state: RenderState): Promise<CachedReference> {
  const { referenceCache } = apiCaches(state);
  const key = referenceKey(site);
  let cached = await referenceCache.get(key);
  if (!cached) {
    cached = await buildReference(site, state);
    await referenceCache.set(key, cached);
  }
  return cached;
}

async function apiPage(
  site: RenderSite,
  state: RenderState,
  page: ApiPageView['pages'][number],
  pages: ApiPageView['pages'],
  loadReference: () => Promise<CachedReference>,
): Promise<CachedApiPage> {
  const { apiPageCache } = apiCaches(state);
  const pageKey = apiPageKey(site, page.route);
  let rendered = await apiPageCache.get(pageKey);
  if (rendered) return rendered;
  const { reference: whole, links } = await loadReference();
  const split = page.kind !== 'whole';
  const reference = split ? shownOn(page, linkSchemasTo(whole, pages)) : whole;
  const title = page.kind === 'whole' || page.kind === 'overview' ? 'API reference' : `${page.label} · API reference`;
  const data = pageDataFor(site, page.route, {
    title,
    description: `Every endpoint, parameter and schema of the ${site.config.product.name} ${reference.title} ${reference.version}.`,
    ogType: 'website',
  });
  const view: ApiPageView = {
    page,
    pages,
    anchorPages: page.kind === 'overview' ? anchorPagesOf(whole, pages) : undefined,
  };
  const [{ renderPage }, { ApiPage }, { apiPageSearchRecords }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../../templates/ApiPage.tsx'),
    import('../search/apiRecords.ts'),
  ]);
  const html = renderPage(
    ApiPage,
    { page: data, api: reference, view },
    { route: page.route, file: describedBy(site).file },
  );
  // A split reference's description links are checked on the overview, where the introduction is.
  const pageLinks = split && page.kind !== 'overview' ? [] : links;
  // The overview forwards an anchor of another page to it (src/client/apiAnchorPages.ts): links made
  // to the reference on one page, `/api/#operation/x`, still arrive.
  const ids = [...idsIn(html), ...Object.keys(view.anchorPages ?? {})];
  rendered = {
    html,
    output: {
      route: page.route,
      ids,
      links: pageLinks,
      records: apiPageSearchRecords(
        reference,
        page,
        { route: page.route, lvl0: 'API reference', tag: defaultTag },
        site.config,
      ),
    },
  };
  await apiPageCache.set(pageKey, rendered);
  return rendered;
}

/** What one page of a split reference shows: its tag's operations, webhooks or schemas in its range (the overview counts them all). */
function shownOn(page: ReferencePage, reference: ApiReferenceData): ApiReferenceData {
  if (page.kind === 'overview') return reference;
  const [from, to] = page.range ?? [0, Infinity];
  return {
    ...reference,
    tags: reference.tags
      .filter((tag) => tag.name === page.tag)
      .map((tag) => ({ ...tag, operations: tag.operations.slice(from, to) })),
    webhooks: page.kind === 'webhooks' ? reference.webhooks.slice(from, to) : [],
    schemas: page.kind === 'schemas' ? reference.schemas.slice(from, to) : [],
  };
}

/** Each item's page in a split reference, by anchor: what `range` each page has says where an item falls. */
function pagesByAnchor(reference: ApiReferenceData, pages: ApiPageView['pages']): Map<string, number> {
  const byAnchor = new Map<string, number>();
  for (const [index, page] of pages.entries()) {
    const [from, to] = page.range ?? [0, Infinity];
    const items =
      page.kind === 'tag'
        ? (reference.tags.find((tag) => tag.name === page.tag)?.operations ?? [])
        : page.kind === 'webhooks'
          ? reference.webhooks
          : page.kind === 'schemas'
            ? reference.schemas
            : [];
    for (const item of items.slice(from, to)) byAnchor.set(item.anchor, index);
  }
  return byAnchor;
}

/** The reference with its links to schemas pointing at each schema's own page (a split reference). */
function linkSchemasTo(reference: ApiReferenceData, pages: ApiPageView['pages']): ApiReferenceData {
  const byAnchor = pagesByAnchor(reference, pages);
  const hrefs = new Map(
    reference.schemas.map((schema) => [
      fragmentHref(schema.anchor),
      pages[byAnchor.get(schema.anchor) ?? pages.length - 1].href,
    ]),
  );
  const relink = (node: SchemaNode): SchemaNode => ({
    ...node,
    refHref: node.refHref && `${hrefs.get(node.refHref) ?? ''}${node.refHref}`,
    children: node.children.map(relink),
  });
  const body = (of: ApiBody): ApiBody => ({ ...of, schema: relink(of.schema) });
  const endpoint = <T extends ApiOperation | ApiWebhook>(of: T): T => ({
    ...of,
    parameters: of.parameters.map((parameter) => ({ ...parameter, schema: relink(parameter.schema) })),
    requestBodies: of.requestBodies.map(body),
    responses: of.responses.map((response) => ({ ...response, bodies: response.bodies.map(body) })),
  });
  return {
    ...reference,
    tags: reference.tags.map((tag) => ({ ...tag, operations: tag.operations.map(endpoint) })),
    webhooks: reference.webhooks.map(endpoint),
    schemas: reference.schemas.map((schema) => ({ ...schema, node: relink(schema.node) })),
  };
}

/** The page each tag, operation, webhook and schema of a split reference is on, by its anchor. */
function anchorPagesOf(reference: ApiReferenceData, pages: ApiPageView['pages']): Record<string, number> {
  const anchors = Object.fromEntries(pagesByAnchor(reference, pages));
  // A tag's anchor goes to its first page.
  for (const tag of reference.tags)
    anchors[tag.anchor] = pages.findIndex((page) => page.kind === 'tag' && page.tag === tag.name);
  return anchors;
}

async function buildReference(site: RenderSite, { renderMarkdown, report }: RenderState): Promise<CachedReference> {
  const api = describedBy(site);
  const apiFile = api.file;
  // Redocly takes ~0.3 s to import, and the reference's builder an HTML parser: only when the
  // reference is built, not on a cached build.
  const [{ validateOpenApi }, { buildApiReference }] = await Promise.all([
    import('../openapi/validateOpenApi.ts'),
    import('../openapi/buildReference.ts'),
  ]);
  await validateOpenApi(api);
  const { routes } = lookupsFor(site);
  const links: PageOutput['links'] = [];
  // Shared schemas and responses repeat the same descriptions many times: render each once.
  const rendered = new Map<string, Promise<string>>();
  const renderFragment = (markdown: string) => {
    let html = rendered.get(markdown);
    if (!html) {
      html =
        plainParagraph(markdown) ??
        renderMarkdown(markdown, apiFile, {
          relativePath: '../openapi',
          routes,
          variables: site.variables,
          baseUrl: site.config.baseUrl,
        }).then(
          (result) => {
            links.push(
              ...result.links.map((link) => ({
                file: apiFile,
                line: 0,
                column: 0,
                href: link.href,
                missingFile: link.missingFile,
              })),
            );
            return result.html;
          },
          (error: unknown) => {
            throw locateDescriptionError(error, api.files[0].source);
          },
        );
      rendered.set(markdown, html);
    }
    return html;
  };
  const reference = await buildApiReference(api, renderFragment, {
    downloads: apiDownloads(site).map((download) => ({
      ...download,
      href: withBase(site.config.baseUrl, download.href),
    })),
    keyVariable: apiKeyVariable(site),
    onOperation: report && ((done, total) => report({ label: 'API reference', done, total, unit: 'operations' })),
  });
  return { reference, links };
}

/** The description in YAML and in JSON, whichever its files are written in (a YAML file is given as written). */
async function downloadsOf(site: RenderSite, state: CacheSet): Promise<Downloads> {
  const { downloadsCache } = apiCaches(state);
  const key = downloadsKey(site);
  const cached = await downloadsCache.get(key);
  if (cached) return cached;
  const api = describedBy(site);
  const { bundleOpenApi } = await import('../openapi/bundleOpenApi.ts');
  const document = await bundleOpenApi(api);
  const asWritten = api.files.length === 1 && /\.ya?ml$/i.test(api.file);
  const downloads = {
    yaml: asWritten ? api.files[0].source : jsYaml.dump(document, { noRefs: true, lineWidth: -1 }),
    json: `${JSON.stringify(document, null, 2)}\n`,
  };
  await downloadsCache.set(key, downloads);
  return downloads;
}

/** The Postman collection converted from the OpenAPI file (cached by the file's content). */
async function postmanCollectionText(site: RenderSite, state: CacheSet): Promise<string> {
  const { postmanCache } = apiCaches(state);
  const key = postmanKey(site);
  let collection = await postmanCache.get(key);
  if (collection === undefined) {
    const { bundleOpenApi } = await import('../openapi/bundleOpenApi.ts');
    collection = `${JSON.stringify(await postmanCollection(await bundleOpenApi(describedBy(site)), describedBy(site).file), null, 2)}\n`;
    await postmanCache.set(key, collection);
  }
  return collection;
}
