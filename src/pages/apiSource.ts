import path from 'node:path';
import jsYaml from 'js-yaml';
import { withBase } from '../model/paths.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
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
import type { RenderSite, Site } from '../site/site.ts';
import { lookupsFor } from '../site/siteLookups.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { PageSource } from './pageSource.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';

/**
 * Stable URLs of the API description's downloads, linked from the reference and the docs: named
 * after the description's own file (`openapi/my-api.yaml` → `/api/my-api.yaml`).
 */
export function apiDownloads(site: Pick<Site, 'openApi'>) {
  const name = path.basename(site.openApi.file).replace(/\.(ya?ml|json)$/i, '');
  return [
    { label: 'OpenAPI (YAML)', href: `/api/${name}.yaml` },
    { label: 'OpenAPI (JSON)', href: `/api/${name}.json` },
    { label: 'Postman collection', href: '/api/postman-collection.json' },
  ];
}
const downloadRoutes = (site: RenderSite) => {
  const [yaml, json, postman] = apiDownloads(site).map((download) => download.href);
  return { yaml, json, postman };
};
/** The folder of the OpenAPI description, relative to the project: every file in it may be part of the description. */
const apiFolder = ({ root, config }: Pick<Site, 'root' | 'config'>) =>
  path
    .relative(root, path.dirname(path.resolve(root, config.openapi)))
    .split(path.sep)
    .join('/');

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
  hashOf(
    'reference',
    site.openApi.signature,
    lookupsFor(site).routesSignature,
    site.config.apiReference.sampleLanguages.join(),
  );
const apiPageKey = (site: RenderSite, route: string) =>
  hashOf(
    'api-page',
    referenceKey(site),
    lookupsFor(site).shellSignature,
    route,
    String(site.config.apiReference.splitAbove),
  );
const downloadsKey = (site: RenderSite) => hashOf('api-downloads', site.openApi.signature);
const postmanKey = (site: RenderSite) => hashOf('postman', site.openApi.signature);

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
  referencePages(site.openApi, site.config.apiReference.splitAbove).map((page) => ({
    ...page,
    href: withBase(site.config.baseUrl, page.route),
  }));

/**
 * The API reference: `/api/` rendered from the OpenAPI file (split into a page per tag when it is
 * large), its YAML and JSON downloads, and the Postman collection converted from it (a job of its
 * own, so it runs beside the pages).
 */
export const apiSource: PageSource = {
  name: 'api',
  routes: (site) => [
    // The overview (or the whole reference) is the reference other pages link to.
    ...pagesOf(site).map(({ route }) =>
      route === referenceRoute ? { route, page: true, role: 'reference' as const } : { route, page: true },
    ),
    ...apiDownloads(site).map(({ href }) => ({ route: href, page: false })),
  ],
  watchedPaths: (project) => [apiFolder(project)],
  watches: (site, file) => file.startsWith(`${apiFolder(site)}/`),
  async changed(site) {
    // Any file of the description's folder: the description is loaded again whole.
    const openApi = await loadOpenApi(site.openApi.file);
    const changed = { ...site, openApi };
    const stale = [...new Set([...this.routes(site), ...this.routes(changed)].map(({ route }) => route))];
    return { site: changed, stale, check: [referenceRoute] };
  },
  jobs: (site, routes) => {
    const { postman } = downloadRoutes(site);
    return [routes.filter((route) => route !== postman), routes.filter((route) => route === postman)].filter(
      (job) => job.length > 0,
    );
  },
  estimate(site, caches) {
    const { referenceCache, apiPageCache, postmanCache } = apiCaches(caches);
    const pages = pagesOf(site);
    const cachedPages = pages.every((page) => apiPageCache.has(apiPageKey(site, page.route)));
    return (
      (cachedPages ? 20 * pages.length : referenceCache.has(referenceKey(site)) ? 600 : 2500) +
      (postmanCache.has(postmanKey(site)) ? 5 : 600)
    );
  },
  async render(site, state, routes, _inputs, emit) {
    const { yaml: yamlDownload, json: jsonDownload, postman: postmanDownload } = downloadRoutes(site);
    if (routes.includes(postmanDownload))
      await emit({ route: postmanDownload, content: await postmanCollectionText(site, state) });
    if (routes.includes(yamlDownload) || routes.includes(jsonDownload)) {
      const downloads = await downloadsOf(site, state);
      if (routes.includes(yamlDownload)) await emit({ route: yamlDownload, content: downloads.yaml });
      if (routes.includes(jsonDownload)) await emit({ route: jsonDownload, content: downloads.json });
    }
    const pages = pagesOf(site);
    // The reference is built (or read from the cache) once for all the pages of the job.
    let reference: Promise<CachedReference> | undefined;
    const loadReference = () => (reference ??= referenceOf(site, state));
    for (const page of pages.filter((candidate) => routes.includes(candidate.route))) {
      const rendered = await apiPage(site, state, page, pages, loadReference);
      // Links name the description where it is now, even from a cache made elsewhere.
      await emit({
        route: page.route,
        content: rendered.html,
        output: {
          ...rendered.output,
          links: rendered.output.links.map((link) => ({ ...link, file: site.openApi.file })),
        },
      });
    }
  },
};

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
    { route: page.route, file: site.openApi.file },
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
  const api = site.openApi;
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
    sampleLanguages: site.config.apiReference.sampleLanguages,
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
  const api = site.openApi;
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
    collection = `${JSON.stringify(await postmanCollection(await bundleOpenApi(site.openApi), site.openApi.file), null, 2)}\n`;
    await postmanCache.set(key, collection);
  }
  return collection;
}
