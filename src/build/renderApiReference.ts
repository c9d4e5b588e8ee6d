import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { locateDescriptionError } from '../openapi/locateDescriptionError.ts';
import { contentVariables } from '../content/variables.ts';
import { buildApiReference } from '../openapi/buildReference.ts';
import { postmanCollection } from '../openapi/postmanCollection.ts';
import type { MarkdownRenderer } from '../markdown/createProcessor.ts';
import type { ApiReferenceData } from '../model/apiReference.ts';
import { renderApiPage } from '../render/renderPage.tsx';
import { plainParagraph } from '../markdown/plainParagraph.ts';
import { hashOf, type RenderCache } from './renderCache.ts';
import { lookupsFor } from './renderDocPages.ts';
import { apiPageSearchRecords } from '../search/buildSearchRecords.ts';
import { idsIn, writePageFile, type PageOutput } from './pageOutput.ts';
import { pageDataFor, type SiteContext } from './siteContext.ts';

/** Stable URLs of the API description's downloads, linked from the reference and the docs. */
export const apiDownloads = [
  { label: 'OpenAPI (YAML)', href: '/api/esignature-api.yaml' },
  { label: 'OpenAPI (JSON)', href: '/api/esignature-api.json' },
  { label: 'Postman collection', href: '/api/postman-collection.json' },
];

/** The reference model with what it took to make it, cached by the OpenAPI source. */
export interface CachedReference {
  reference: ApiReferenceData;
  links: PageOutput['links'];
  json: string;
}

export const apiReferenceKey = (source: string, routesSignature: string) => hashOf('reference', source, routesSignature);

/** `/api/` as written, with the JSON download: cached by the reference and the shell around it. */
export interface CachedApiPage {
  html: string;
  output: PageOutput;
  json: string;
}
export const apiPageKey = (context: SiteContext, referenceKey: string) => hashOf('api-page', referenceKey, lookupsFor(context).shellSignature);

/** What rendering `/api/` uses. */
export interface ApiRenderState {
  renderMarkdown: MarkdownRenderer;
  referenceCache: RenderCache<CachedReference>;
  apiPageCache: RenderCache<CachedApiPage>;
}
export const postmanKey = (source: string) => hashOf('postman', source);

/** `/api/`'s HTML and the YAML and JSON downloads, by site path. */
export interface RenderedApiReference {
  html: string;
  output: PageOutput;
  files: Map<string, string>;
}

/** `/api/`: the reference page rendered from the OpenAPI file, with the YAML and JSON downloads. */
export async function renderApiReferencePage(context: SiteContext, state: ApiRenderState): Promise<RenderedApiReference> {
  const apiFile = path.resolve(context.root, context.config.openapi);
  const source = await readOpenApiSource(apiFile);
  const key = apiReferenceKey(source, lookupsFor(context).routesSignature);
  const pageKey = apiPageKey(context, key);
  let page = await state.apiPageCache.get(pageKey);
  if (!page) {
    page = await renderApiPageAfresh(context, state, apiFile, key);
    await state.apiPageCache.set(pageKey, page);
  }
  return { html: page.html, output: page.output, files: new Map([[apiDownloads[0].href, source], [apiDownloads[1].href, page.json]]) };
}

async function renderApiPageAfresh(context: SiteContext, { renderMarkdown, referenceCache }: ApiRenderState, apiFile: string, key: string): Promise<CachedApiPage> {
  let cached = await referenceCache.get(key);
  if (!cached) {
    cached = await buildReferenceFromFile(apiFile, context, renderMarkdown);
    await referenceCache.set(key, cached);
  }
  const page = pageDataFor(context, '/api/', {
    title: 'API reference',
    description: `Every endpoint, parameter and schema of the ${context.config.product.name} eSignature API ${cached.reference.version}.`,
    ogType: 'website',
  });
  const html = renderApiPage(page, cached.reference, apiFile);
  return {
    html,
    output: { route: '/api/', ids: idsIn(html), links: cached.links, records: apiPageSearchRecords(cached.reference, 'API reference', context.config) },
    json: cached.json,
  };
}

export async function renderApiReference(context: SiteContext, state: ApiRenderState): Promise<PageOutput> {
  const { html, output, files } = await renderApiReferencePage(context, state);
  await writePageFile(context.stagingDir, '/api/', html);
  for (const [href, content] of files) await writeFile(path.join(context.stagingDir, href), content);
  return output;
}

async function buildReferenceFromFile(apiFile: string, context: SiteContext, renderMarkdown: MarkdownRenderer): Promise<CachedReference> {
  const api = await loadOpenApi(apiFile);
  // Redocly takes ~0.3 s to import: only when the reference is built, not on a cached build.
  const { validateOpenApi } = await import('../openapi/validateOpenApi.ts');
  await validateOpenApi(apiFile, api.source);
  const routes = new Map(context.routesByPath);
  const links: PageOutput['links'] = [];
  // Shared schemas and responses repeat the same descriptions many times: render each once.
  const rendered = new Map<string, Promise<string>>();
  const renderFragment = (markdown: string) => {
    let html = rendered.get(markdown);
    if (!html) {
      html = plainParagraph(markdown) ?? renderMarkdown(markdown, apiFile, { relativePath: '../openapi', routes, variables: contentVariables(context.config) }).then((result) => {
        links.push(...result.links.map((link) => ({ file: apiFile, line: 0, column: 0, href: link.href, missingFile: link.missingFile })));
        return result.html;
      }, (error: unknown) => {
        throw locateDescriptionError(error, api.source);
      });
      rendered.set(markdown, html);
    }
    return html;
  };
  const reference = await buildApiReference(api, renderFragment, apiDownloads);
  return { reference, links, json: `${JSON.stringify(api.document, null, 2)}\n` };
}

/** `/api/postman-collection.json`, converted from the OpenAPI file (cached by the file's content). */
export async function postmanCollectionText(context: SiteContext, cache: RenderCache<string>): Promise<string> {
  const apiFile = path.resolve(context.root, context.config.openapi);
  const key = postmanKey(await readOpenApiSource(apiFile));
  let collection = await cache.get(key);
  if (collection === undefined) {
    const api = await loadOpenApi(apiFile);
    collection = `${JSON.stringify(await postmanCollection(api.document, apiFile), null, 2)}\n`;
    await cache.set(key, collection);
  }
  return collection;
}

export async function writePostmanCollection(context: SiteContext, cache: RenderCache<string>): Promise<void> {
  await mkdir(path.join(context.stagingDir, 'api'), { recursive: true });
  await writeFile(path.join(context.stagingDir, apiDownloads[2].href), await postmanCollectionText(context, cache));
}

export function readOpenApiSource(apiFile: string): Promise<string> {
  return readFile(apiFile, 'utf8');
}
