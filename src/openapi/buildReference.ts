import { type ApiOperation, type ApiReferenceData, type ApiTag } from '../model/apiReference.ts';
import type { OpenApiModel } from './openApiModel.ts';
import { codeSamplesMarkdown, customSamplesOf, exampleOf, loadSampleGenerators, type SampleGenerators } from './codeSamples.ts';
import { defaultSampleLanguages, type SampleLanguageName } from './sampleLanguages.ts';
import { apiServer, sampleBaseUrl } from './serverUrl.ts';
import { credentialsFor, securityRequirementsOf, securitySchemesOf } from './securityRequirements.ts';
import { buildWebhooks } from './buildWebhooks.ts';
import { claimApiPageIds } from './claimApiPageIds.ts';
import { operationAnchor, operationIdOf, schemaAnchor, tagAnchor, titleIdOf } from '../model/apiAnchors.ts';
import { bodies, buildParameters, buildResponses, resolved, type PartsContext, type RenderFragment } from './operationParts.ts';
import { methods, pointerKey } from './openApiModel.ts';
import { schemaNode } from './schemaNode.ts';


/** Everything the `/api/` page shows, in the order the OpenAPI file gives it. */
export interface ReferenceOptions {
  downloads: ApiReferenceData['downloads'];
  /** The languages of the generated request samples, in tab order (the config's `apiReference.sampleLanguages`). */
  sampleLanguages?: readonly SampleLanguageName[];
  /** Called after each operation with how many are done, of how many (the build's progress line). */
  onOperation?: (done: number, total: number) => void;
}

export async function buildApiReference(api: OpenApiModel, render: RenderFragment, { downloads, sampleLanguages = defaultSampleLanguages, onOperation }: ReferenceOptions): Promise<ApiReferenceData> {
  const document = api.document;
  const context: PartsContext = { api, render, budget: { nodes: 0, unnamed: new Map() } };
  const generators = await loadSampleGenerators(sampleLanguages);
  const tags = new Map<string, ApiTag>();
  for (const tag of document.tags ?? []) {
    tags.set(tag.name, { name: tag.name, anchor: tagAnchor(tag.name), titleId: titleIdOf(tagAnchor(tag.name)), descriptionHtml: await render(tag.description ?? ''), operations: [] });
  }
  const operations: { path: string; method: string; item: any; operation: any; pointer: string }[] = [];
  for (const [path, rawItem] of Object.entries<any>(document.paths ?? {})) {
    const item = resolved(api, rawItem, `/paths/${pointerKey(path)}`);
    for (const method of methods) {
      const pointer = `/paths/${pointerKey(path)}/${method}`;
      const operation = resolved(api, item[method], pointer);
      if (operation) operations.push({ path, method, item, operation, pointer });
    }
  }
  for (const [index, { path, method, item, operation, pointer }] of operations.entries()) {
    // The servers nearest the operation win, as OpenAPI says: the operation's, its path's, the document's.
    const baseUrl = sampleBaseUrl((operation.servers ?? item.servers ?? document.servers)?.[0]);
    const built = await buildOperation(context, { baseUrl, generators }, path, method, operation, [...(item.parameters ?? []), ...(operation.parameters ?? [])], pointer);
    const tagName = operation.tags?.[0] ?? 'Other';
    if (!tags.has(tagName)) tags.set(tagName, { name: tagName, anchor: tagAnchor(tagName), titleId: titleIdOf(tagAnchor(tagName)), descriptionHtml: '', operations: [] });
    tags.get(tagName)!.operations.push(built);
    onOperation?.(index + 1, operations.length);
  }
  const schemas = [];
  for (const [name, schema] of Object.entries<any>(document.components?.schemas ?? {})) {
    // The section's own tree: its `$ref` (a multi-file description's `$ref: ./models/x.yaml`) is followed.
    const own = resolved(api, schema, `/components/schemas/${pointerKey(name)}`);
    schemas.push({ name, anchor: schemaAnchor(name), node: await schemaNode(context, own, `/components/schemas/${pointerKey(name)}`, { required: false, depth: 0 }) });
  }
  // Then the schemas that only a `$ref` names, in the order met (writing one may meet more: a
  // Map's iteration visits entries added meanwhile).
  for (const [ref, name] of context.budget.unnamed) {
    schemas.push({ name, anchor: schemaAnchor(name), node: await schemaNode(context, { $ref: ref }, `/components/schemas/${pointerKey(name)}`, { required: false, depth: 0 }) });
  }
  return claimApiPageIds({
    title: document.info?.title ?? 'API reference',
    version: String(document.info?.version ?? ''),
    descriptionHtml: await render(document.info?.description ?? ''),
    servers: (document.servers ?? []).map(apiServer),
    security: await Promise.all(securitySchemesOf(api).map(async ({ description, ...scheme }) => ({ ...scheme, descriptionHtml: await render(description) }))),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
    webhooks: await buildWebhooks(context),
    schemas,
    downloads,
  });
}

async function buildOperation(
  context: PartsContext,
  { baseUrl, generators }: { baseUrl: string; generators: SampleGenerators },
  path: string,
  method: string,
  operation: any,
  rawParameters: any[],
  pointer: string,
): Promise<ApiOperation> {
  const { api, render } = context;
  const id = operationIdOf(operation.operationId, method, path);
  const parameters = await buildParameters(context, rawParameters, pointer);
  const requestBody = resolved(api, operation.requestBody, `${pointer}/requestBody`);
  const requestBodies = requestBody ? await bodies(context, requestBody.content, `${pointer}/requestBody/content`) : [];
  const responses = await buildResponses(context, operation.responses ?? {}, pointer);
  const samplePath = path.replace(/\{([^}]+)\}/g, (_, name: string) => parameters.find((p) => p.name === name && p.location === 'path')?.example ?? `{${name}}`);
  const query = parameters.filter((p) => p.location === 'query' && p.required && p.example !== undefined).map((p): [string, string] => [p.name, p.example!]);
  const jsonBody = requestBody?.content?.['application/json'];
  const security = securityRequirementsOf(api, operation);
  return {
    id,
    anchor: operationAnchor(id),
    titleId: titleIdOf(operationAnchor(id)),
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? id,
    descriptionHtml: await render(operation.description ?? ''),
    deprecated: Boolean(operation.deprecated),
    parameters,
    requestBodies,
    requestRequired: Boolean(requestBody?.required),
    responses,
    security,
    samplesHtml: await render(
      codeSamplesMarkdown(
        {
          method,
          url: `${baseUrl}${samplePath}`,
          query,
          body: jsonBody ? exampleOf(jsonBody, api) : undefined,
          credentials: credentialsFor(api, security),
        },
        generators,
        customSamplesOf(operation),
      ),
    ),
  };
}

