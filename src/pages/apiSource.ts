import path from 'node:path';
import jsYaml from 'js-yaml';
import { withBase } from '../model/paths.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { locateDescriptionError } from '../openapi/locateDescriptionError.ts';
import { postmanCollection } from '../openapi/postmanCollection.ts';
import type { MarkdownRenderer } from '../markdown/createProcessor.ts';
import type { ApiReferenceData } from '../model/apiReference.ts';
import { plainParagraph } from '../markdown/plainParagraph.ts';
import { hashOf } from '../cache/renderCache.ts';
import { defaultTag } from '../search/buildSearchRecords.ts';
import { idsIn, type PageOutput } from '../model/pageOutput.ts';
import type { Site } from '../site/site.ts';
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
const downloadRoutes = (site: Site) => {
  const [yaml, json, postman] = apiDownloads(site).map((download) => download.href);
  return { yaml, json, postman };
};
const apiRoute = '/api/';
/** The folder of the OpenAPI description, relative to the project: every file in it may be part of the description. */
const apiFolder = ({ root, config }: Pick<Site, 'root' | 'config'>) => path.relative(root, path.dirname(path.resolve(root, config.openapi))).split(path.sep).join('/');

/** The environment variable code samples read the key from: the product's slug, upper-cased, then `_API_KEY`. */
export const apiKeyVariable = (site: Pick<Site, 'config'>) => `${site.config.product.slug.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_API_KEY`;

/** The description as one file in each format, for its downloads. */
interface Downloads {
  yaml: string;
  json: string;
}

/** The reference model with what it took to make it, cached by the OpenAPI files. */
interface CachedReference {
  reference: ApiReferenceData;
  links: PageOutput['links'];
  downloads: Downloads;
}

/** `/api/` as written, with the downloads: cached by the reference and the shell around it. */
interface CachedApiPage {
  html: string;
  output: PageOutput;
  downloads: Downloads;
}

const referenceKey = (site: Site) => hashOf('reference', site.openApi.signature, lookupsFor(site).routesSignature);
const apiPageKey = (site: Site) => hashOf('api-page', referenceKey(site), lookupsFor(site).shellSignature);
const postmanKey = (site: Site) => hashOf('postman', site.openApi.signature);

function apiCaches(caches: CacheSet) {
  return {
    referenceCache: caches.cache<CachedReference>('reference', 2),
    apiPageCache: caches.cache<CachedApiPage>('api-page', 2),
    postmanCache: caches.cache<string>('postman'),
  };
}

/**
 * The API reference: `/api/` rendered from the OpenAPI file, its YAML and JSON downloads, and
 * the Postman collection converted from it (a job of its own, so it runs beside the page).
 */
export const apiSource: PageSource = {
  name: 'api',
  routes: (site) => [{ route: apiRoute, page: true, role: 'reference' }, ...apiDownloads(site).map(({ href }) => ({ route: href, page: false }))],
  watchedPaths: (project) => [apiFolder(project)],
  watches: (site, file) => file.startsWith(`${apiFolder(site)}/`),
  async changed(site) {
    // Any file of the description's folder: the description is loaded again whole.
    const openApi = await loadOpenApi(site.openApi.file);
    return { site: { ...site, openApi }, stale: this.routes(site).map(({ route }) => route), check: [apiRoute] };
  },
  jobs: (site, routes) => {
    const { postman } = downloadRoutes(site);
    return [routes.filter((route) => route !== postman), routes.filter((route) => route === postman)].filter((job) => job.length > 0);
  },
  estimate(site, caches) {
    const { referenceCache, apiPageCache, postmanCache } = apiCaches(caches);
    return (apiPageCache.has(apiPageKey(site)) ? 20 : referenceCache.has(referenceKey(site)) ? 600 : 2500) + (postmanCache.has(postmanKey(site)) ? 5 : 600);
  },
  async render(site, state, routes, _inputs, emit) {
    const { yaml: yamlDownload, json: jsonDownload, postman: postmanDownload } = downloadRoutes(site);
    if (routes.includes(postmanDownload)) await emit({ route: postmanDownload, content: await postmanCollectionText(site, state) });
    if (!routes.some((route) => route !== postmanDownload)) return;
    const page = await apiPage(site, state);
    const content = new Map([[apiRoute, page.html], [yamlDownload, page.downloads.yaml], [jsonDownload, page.downloads.json]]);
    for (const route of routes) {
      if (route === postmanDownload) continue;
      // Links name the description where it is now, even from a cache made elsewhere.
      const output = route === apiRoute ? { ...page.output, links: page.output.links.map((link) => ({ ...link, file: site.openApi.file })) } : undefined;
      await emit({ route, content: content.get(route)!, output });
    }
  },
};

async function apiPage(site: Site, state: RenderState): Promise<CachedApiPage> {
  const { apiPageCache, referenceCache } = apiCaches(state);
  const pageKey = apiPageKey(site);
  let page = await apiPageCache.get(pageKey);
  if (page) return page;
  const key = referenceKey(site);
  let cached = await referenceCache.get(key);
  if (!cached) {
    cached = await buildReference(site, state.renderMarkdown);
    await referenceCache.set(key, cached);
  }
  const data = pageDataFor(site, apiRoute, {
    title: 'API reference',
    description: `Every endpoint, parameter and schema of the ${site.config.product.name} ${cached.reference.title} ${cached.reference.version}.`,
    ogType: 'website',
  });
  const [{ renderPage }, { ApiPage }, { apiPageSearchRecords }] = await Promise.all([import('../render/renderPage.ts'), import('../../templates/ApiPage.tsx'), import('../search/apiRecords.ts')]);
  const html = renderPage(ApiPage, { page: data, api: cached.reference }, { route: apiRoute, file: site.openApi.file });
  page = { html, output: { route: apiRoute, ids: idsIn(html), links: cached.links, records: apiPageSearchRecords(cached.reference, { route: apiRoute, lvl0: 'API reference', tag: defaultTag }, site.config) }, downloads: cached.downloads };
  await apiPageCache.set(pageKey, page);
  return page;
}

async function buildReference(site: Site, renderMarkdown: MarkdownRenderer): Promise<CachedReference> {
  const api = site.openApi;
  const apiFile = api.file;
  // Redocly takes ~0.3 s to import, and the reference's builder an HTML parser: only when the
  // reference is built, not on a cached build.
  const [{ validateOpenApi }, { buildApiReference }] = await Promise.all([import('../openapi/validateOpenApi.ts'), import('../openapi/buildReference.ts')]);
  await validateOpenApi(api);
  const { routes } = lookupsFor(site);
  const links: PageOutput['links'] = [];
  // Shared schemas and responses repeat the same descriptions many times: render each once.
  const rendered = new Map<string, Promise<string>>();
  const renderFragment = (markdown: string) => {
    let html = rendered.get(markdown);
    if (!html) {
      html = plainParagraph(markdown) ?? renderMarkdown(markdown, apiFile, { relativePath: '../openapi', routes, variables: site.variables, baseUrl: site.config.baseUrl }).then((result) => {
        links.push(...result.links.map((link) => ({ file: apiFile, line: 0, column: 0, href: link.href, missingFile: link.missingFile })));
        return result.html;
      }, (error: unknown) => {
        throw locateDescriptionError(error, api.files[0].source);
      });
      rendered.set(markdown, html);
    }
    return html;
  };
  const reference = await buildApiReference(api, renderFragment, { downloads: apiDownloads(site).map((download) => ({ ...download, href: withBase(site.config.baseUrl, download.href) })), keyVariable: apiKeyVariable(site) });
  return { reference, links, downloads: await downloadsOf(site) };
}

/** The description in YAML and in JSON, whichever its files are written in (a YAML file is given as written). */
async function downloadsOf(site: Site): Promise<Downloads> {
  const api = site.openApi;
  const { bundleOpenApi } = await import('../openapi/bundleOpenApi.ts');
  const document = await bundleOpenApi(api);
  const asWritten = api.files.length === 1 && /\.ya?ml$/i.test(api.file);
  return { yaml: asWritten ? api.files[0].source : jsYaml.dump(document, { noRefs: true, lineWidth: -1 }), json: `${JSON.stringify(document, null, 2)}\n` };
}

/** The Postman collection converted from the OpenAPI file (cached by the file's content). */
async function postmanCollectionText(site: Site, state: CacheSet): Promise<string> {
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
