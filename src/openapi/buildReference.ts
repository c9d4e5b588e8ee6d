import type { ApiBody, ApiOperation, ApiParameter, ApiReferenceData, ApiResponse, ApiTag, SchemaNode } from '../model/apiReference.ts';
import { resolveRef, type LoadedOpenApi } from './loadOpenApi.ts';
import { codeSamplesMarkdown, exampleOf } from './codeSamples.ts';
import { buildWebhooks } from './buildWebhooks.ts';
import { claimApiPageIds } from './claimApiPageIds.ts';
import { splitLeadParagraph } from '../html/leadParagraph.ts';

export const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Renders a Markdown fragment of the OpenAPI file (descriptions, samples) to HTML. */
export type RenderFragment = (markdown: string) => Promise<string>;

export const operationAnchor = (operationId: string) => `operation/${operationId}`;
export const schemaAnchor = (name: string) => `schema/${name}`;
export const tagAnchor = (name: string) => `tag/${name.replace(/\s+/g, '-')}`;
export const titleIdOf = (anchor: string) => `${anchor}-title`;

/** Everything the `/api/` page shows, in the order the OpenAPI file gives it. */
export interface ReferenceOptions {
  downloads: ApiReferenceData['downloads'];
  /** Environment variable the code samples read the API key from (the product slug upper-cased, `MY_PRODUCT_API_KEY`). */
  keyVariable: string;
}

export async function buildApiReference(api: LoadedOpenApi, render: RenderFragment, { downloads, keyVariable }: ReferenceOptions): Promise<ApiReferenceData> {
  const document = api.document;
  const baseUrl = String(document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const tags = new Map<string, ApiTag>();
  for (const tag of document.tags ?? []) {
    tags.set(tag.name, { name: tag.name, anchor: tagAnchor(tag.name), titleId: titleIdOf(tagAnchor(tag.name)), descriptionHtml: await render(tag.description ?? ''), operations: [] });
  }
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const pointer = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`;
      const built = await buildOperation(api, render, { baseUrl, keyVariable }, path, method, operation, [...(item.parameters ?? []), ...(operation.parameters ?? [])], pointer);
      const tagName = operation.tags?.[0] ?? 'Other';
      if (!tags.has(tagName)) tags.set(tagName, { name: tagName, anchor: tagAnchor(tagName), titleId: titleIdOf(tagAnchor(tagName)), descriptionHtml: '', operations: [] });
      tags.get(tagName)!.operations.push(built);
    }
  }
  const schemas = await Promise.all(
    Object.entries<any>(document.components?.schemas ?? {}).map(async ([name, schema]) => ({
      name,
      anchor: schemaAnchor(name),
      node: await schemaNode(api, render, schema, `/components/schemas/${name}`, { required: false, depth: 0, seen: new Set([name]) }),
    })),
  );
  const securitySchemes = Object.entries<any>(document.components?.securitySchemes ?? {});
  return claimApiPageIds({
    title: document.info?.title ?? 'API reference',
    version: String(document.info?.version ?? ''),
    descriptionHtml: await render(document.info?.description ?? ''),
    servers: (document.servers ?? []).map((server: any) => String(server.url)),
    security: await Promise.all(securitySchemes.map(async ([name, scheme]) => ({ name, descriptionHtml: await render(scheme.description ?? '') }))),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
    webhooks: await buildWebhooks(api, render),
    schemas,
    downloads,
  });
}

async function buildOperation(
  api: LoadedOpenApi,
  render: RenderFragment,
  { baseUrl, keyVariable }: { baseUrl: string; keyVariable: string },
  path: string,
  method: string,
  operation: any,
  rawParameters: any[],
  pointer: string,
): Promise<ApiOperation> {
  const id = String(operation.operationId ?? `${method}-${path}`);
  const parameters = await buildParameters(api, render, rawParameters, pointer);
  const requestBody = operation.requestBody?.$ref ? resolveRef(api, operation.requestBody.$ref, `${pointer}/requestBody`) : operation.requestBody;
  const requestBodies = requestBody ? await bodies(api, render, requestBody.content, `${pointer}/requestBody/content`) : [];
  const responses = await buildResponses(api, render, operation.responses ?? {}, pointer);
  const samplePath = path.replace(/\{([^}]+)\}/g, (_, name: string) => parameters.find((p) => p.name === name && p.location === 'path')?.example ?? `{${name}}`);
  const query = parameters.filter((p) => p.location === 'query' && p.required && p.example !== undefined).map((p): [string, string] => [p.name, p.example!]);
  const jsonBody = requestBody?.content?.['application/json'];
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
    samplesHtml: await render(
      codeSamplesMarkdown(
        {
          method,
          path: samplePath,
          query,
          body: jsonBody ? exampleOf(jsonBody, api.document) : undefined,
          printsResponse: responses.some(({ status, bodies }) => status.startsWith('2') && bodies.length > 0),
        },
        baseUrl,
        keyVariable,
      ),
    ),
  };
}

/** An operation's (or a webhook's) parameters, `$ref`s resolved, in the order they are written. */
export async function buildParameters(api: LoadedOpenApi, render: RenderFragment, rawParameters: any[], pointer: string): Promise<ApiParameter[]> {
  const parameters: ApiParameter[] = [];
  for (const [index, raw] of rawParameters.entries()) {
    const parameter = raw.$ref ? resolveRef(api, raw.$ref, `${pointer}/parameters/${index}`) : raw;
    const example = exampleOf(parameter, api.document);
    parameters.push({
      name: parameter.name,
      location: parameter.in,
      required: Boolean(parameter.required),
      schema: await schemaNode(api, render, parameter.schema ?? {}, `${pointer}/parameters/${index}/schema`, { required: Boolean(parameter.required), depth: 0, seen: new Set() }),
      descriptionHtml: parameter.description ? await render(parameter.description) : undefined,
      example: example === undefined ? undefined : String(example),
    });
  }
  return parameters;
}

/** The responses an operation documents, or a webhook's receiver may give: the first paragraph of each description is its summary. */
export async function buildResponses(api: LoadedOpenApi, render: RenderFragment, rawResponses: Record<string, any>, pointer: string): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (const [status, raw] of Object.entries<any>(rawResponses)) {
    const response = raw.$ref ? resolveRef(api, raw.$ref, `${pointer}/responses/${status}`) : raw;
    const { lead, rest } = splitLeadParagraph(await render(response.description ?? ''));
    responses.push({
      status,
      summaryHtml: lead,
      descriptionHtml: rest,
      headers: await Promise.all(
        Object.entries<any>(response.headers ?? {}).map(async ([name, rawHeader]) => {
          const header = rawHeader.$ref ? resolveRef(api, rawHeader.$ref, `${pointer}/responses/${status}/headers/${name}`) : rawHeader;
          return { name, descriptionHtml: header.description ? await render(header.description) : undefined };
        }),
      ),
      bodies: await bodies(api, render, response.content, `${pointer}/responses/${status}/content`),
    });
  }
  return responses;
}

export async function bodies(api: LoadedOpenApi, render: RenderFragment, content: Record<string, any> | undefined, pointer: string): Promise<ApiBody[]> {
  return Promise.all(
    Object.entries<any>(content ?? {}).map(async ([contentType, media]) => {
      const example = exampleOf(media, api.document);
      // A multipart example is an object of parts, with no text form of its own: none is shown.
      const exampleText =
        example === undefined ? undefined : contentType.includes('json') ? JSON.stringify(example, null, 2) : typeof example === 'object' ? undefined : String(example);
      return {
        contentType,
        schema: await schemaNode(api, render, media.schema ?? {}, `${pointer}/${contentType.replace(/\//g, '~1')}/schema`, { required: false, depth: 0, seen: new Set() }),
        exampleHtml: exampleText === undefined ? undefined : await render(`\`\`\`${contentType.includes('json') ? 'json' : 'text'}\n${exampleText}\n\`\`\``),
      };
    }),
  );
}

interface SchemaWalk {
  required: boolean;
  depth: number;
  /** Component schemas on the way down, to stop at recursion. */
  seen: Set<string>;
}

/** The expandable tree of a schema: `$ref`s resolved (named), `allOf` merged, constraints spelled out. */
export async function schemaNode(api: LoadedOpenApi, render: RenderFragment, raw: any, pointer: string, walk: SchemaWalk, name?: string): Promise<SchemaNode> {
  let schema = raw;
  let refName: string | undefined;
  if (schema?.$ref) {
    refName = String(schema.$ref).split('/').pop();
    schema = { ...resolveRef(api, schema.$ref, pointer), ...withoutRef(schema) };
  }
  if (Array.isArray(schema?.allOf)) schema = mergeAllOf(api, schema, pointer);
  const node: SchemaNode = {
    name,
    type: typeLabel(schema, refName),
    refName,
    required: walk.required,
    descriptionHtml: schema?.description ? await render(schema.description) : undefined,
    enumValues: schema?.enum?.map((value: unknown) => JSON.stringify(value)) ?? (schema?.const !== undefined ? [JSON.stringify(schema.const)] : undefined),
    defaultValue: schema?.default === undefined ? undefined : JSON.stringify(schema.default),
    constraints: constraintsOf(schema),
    readOnly: Boolean(schema?.readOnly),
    children: [],
  };
  const recursive = refName !== undefined && walk.seen.has(refName) && walk.depth > 0;
  if (recursive || walk.depth > 8) return node;
  const seen = refName ? new Set([...walk.seen, refName]) : walk.seen;
  const variants = schema?.oneOf ?? schema?.anyOf;
  if (Array.isArray(variants)) {
    node.variants = schema.oneOf ? 'one of' : 'any of';
    node.children = await Promise.all(
      variants.map((variant: any, index: number) =>
        schemaNode(api, render, variant, `${pointer}/${schema.oneOf ? 'oneOf' : 'anyOf'}/${index}`, { required: false, depth: walk.depth + 1, seen }, variant.title ?? `Option ${index + 1}`),
      ),
    );
    if (!schema.properties) return node;
  }
  const objectSchema = schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array')) ? resolveItems(api, schema.items, `${pointer}/items`) : schema;
  const properties = objectSchema?.properties ?? {};
  const required = new Set<string>(objectSchema?.required ?? []);
  const children = await Promise.all(
    Object.entries<any>(properties).map(([key, value]) =>
      schemaNode(api, render, value, `${pointer}/properties/${key}`, { required: required.has(key), depth: walk.depth + 1, seen }, key),
    ),
  );
  node.children.push(...children);
  return node;
}

function withoutRef(schema: any): any {
  const { $ref: _ignored, ...rest } = schema;
  return rest;
}

function resolveItems(api: LoadedOpenApi, items: any, pointer: string): any {
  if (!items) return undefined;
  let resolved = items.$ref ? resolveRef(api, items.$ref, pointer) : items;
  if (Array.isArray(resolved.allOf)) resolved = mergeAllOf(api, resolved, pointer);
  return resolved;
}

function mergeAllOf(api: LoadedOpenApi, schema: any, pointer: string): any {
  const { allOf, ...rest } = schema;
  const parts = allOf.map((part: any, index: number) => {
    const resolved = part.$ref ? resolveRef(api, part.$ref, `${pointer}/allOf/${index}`) : part;
    return Array.isArray(resolved.allOf) ? mergeAllOf(api, resolved, `${pointer}/allOf/${index}`) : resolved;
  });
  return parts.reduce(
    (merged: any, part: any) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...new Set([...(part.required ?? []), ...(merged.required ?? [])])],
    }),
    rest,
  );
}

function typeLabel(schema: any, refName?: string): string {
  if (!schema) return 'any';
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  const main = types.filter((type) => type !== 'null');
  let label: string;
  if (main[0] === 'array') {
    const items = schema.items ?? {};
    const itemName = items.$ref ? String(items.$ref).split('/').pop() : undefined;
    label = `array of ${itemName ?? typeLabel(items)}`;
  } else if (refName && (main[0] === 'object' || main.length === 0)) {
    label = refName;
  } else {
    label = main.join(' | ') || (schema.properties ? 'object' : schema.oneOf || schema.anyOf ? 'one of' : 'any');
    if (schema.format) label += ` <${schema.format}>`;
  }
  return nullable ? `${label} | null` : label;
}

function constraintsOf(schema: any): string[] {
  if (!schema) return [];
  const constraints: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) constraints.push(min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`);
    else if (min !== undefined) constraints.push(`at least ${min}${unit}`);
    else if (max !== undefined) constraints.push(`at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.exclusiveMinimum !== undefined) constraints.push(`> ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) constraints.push(`< ${schema.exclusiveMaximum}`);
  if (schema.pattern) constraints.push(`matches ${schema.pattern}`);
  if (schema.uniqueItems) constraints.push('unique items');
  if (schema.writeOnly) constraints.push('write-only');
  return constraints;
}
