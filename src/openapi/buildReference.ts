import { type ApiOperation, type ApiReferenceData, type ApiTag, type ReferencePage } from '../model/apiReference.ts';
import type { OpenApiModel } from './openApiModel.ts';
import {
  codeSamplesMarkdown,
  customSamplesOf,
  formMediaType,
  loadSampleGenerators,
  mediaOfType,
  type SampleGenerators,
} from './codeSamples.ts';
import { bodySample } from './bodySample.ts';
import { formFields } from './formSample.ts';
import { defaultSampleLanguages, type SampleLanguageName } from './sampleLanguages.ts';
import { apiServer, sampleBaseUrl } from './serverUrl.ts';
import { credentialsFor, securityRequirementsOf, securitySchemesOf } from './securityRequirements.ts';
import { buildWebhooks } from './buildWebhooks.ts';
import { operationAnchor, operationIdOf, schemaAnchor, tagAnchor, titleIdOf } from '../model/apiAnchors.ts';
import { operationTitle, summaryAsText } from './operationTitle.ts';
import { bodies, buildParameters, buildResponses, type PartsContext, type RenderFragment } from './operationParts.ts';
import { pointerKey, resolved } from './openApiModel.ts';
import { schemaNode, type SchemaTrees } from './schemaNode.ts';
import { descriptionOperations, type DescribedOperation } from './referencePages.ts';

/** What building the reference needs besides the description and a Markdown renderer. */
export interface ReferenceOptions {
  downloads: ApiReferenceData['downloads'];
  /** The languages of the generated request samples, in tab order (the config's `apiReference.sampleLanguages`). */
  sampleLanguages?: readonly SampleLanguageName[];
  /** Called after each operation with how many are done, of how many (the build's progress line). */
  onOperation?: (done: number, total: number) => void;
  /**
   * Each operation's samples (their Markdown) by `sampleKey`: taken from here where present, added
   * where made. The outline a split reference is planned from makes them all; its pages take them
   * (GitHub's 1,223 operations' samples were made twice: ~1% of the cold build's CPU).
   */
  samples?: Map<string, string>;
  /** The outline's schema trees, kept by it or taken by a page (SchemaTrees, schemaNode.ts). */
  trees?: SchemaTrees;
}

/** Where an operation's samples are kept: the operation's pointer, and the languages they are written in. */
const sampleKey = (pointer: string, languages: readonly SampleLanguageName[]) => `${pointer}\n${languages.join(' ')}`;

/** Kept samples but those of the operations at `pointers` (changed: theirs are made again). */
export function samplesOtherThan(samples: ReadonlyMap<string, string>, pointers: ReadonlySet<string>) {
  return new Map([...samples].filter(([key]) => !pointers.has(key.slice(0, key.indexOf('\n')))));
}

/** Which part of the reference to build: all of it, or what one page of a split reference shows. */
export type ReferencePart = Pick<ReferencePage, 'kind' | 'tag' | 'range'>;

const inRange = (range: [number, number] | undefined, index: number) =>
  range === undefined || (index >= range[0] && index < range[1]);

/**
 * The reference as the description gives it, in its order: everything the `/api/` page shows, or
 * the part one page of a split reference shows (its tag's operations in its range, its webhooks
 * or its schemas, the introduction on the overview). Anchors are as the names make them, not yet
 * claimed (claimApiPageIds.ts). `unnamed` names the schemas that only a `$ref` reaches, as a build
 * of the whole reference named them, so that a part links them by the same names.
 */
export async function buildApiReference(
  api: OpenApiModel,
  render: RenderFragment,
  { downloads, sampleLanguages = defaultSampleLanguages, onOperation, samples, trees }: ReferenceOptions,
  part: ReferencePart = { kind: 'whole' },
  unnamed?: ReadonlyMap<string, string>,
): Promise<BuiltReference> {
  const document = api.document;
  const context: PartsContext = { api, render, budget: { nodes: 0, unnamed: new Map(unnamed), trees } };
  const whole = part.kind === 'whole';
  const introduction = whole || part.kind === 'overview';
  const generators = await loadSampleGenerators(sampleLanguages);
  const tags = new Map<string, ApiTag>();
  const tagNamed = (name: string, description = '') => ({
    name,
    anchor: tagAnchor(name),
    titleId: titleIdOf(tagAnchor(name)),
    descriptionHtml: description,
    operations: [],
  });
  const showsTag = (name: string) => whole || (part.kind === 'tag' && part.tag === name);
  for (const tag of document.tags ?? [])
    tags.set(tag.name, tagNamed(tag.name, showsTag(tag.name) ? await render(tag.description ?? '', 2) : ''));
  const operations: DescribedOperation[] = [];
  const perTag = new Map<string, number>();
  for (const described of descriptionOperations(api)) {
    // The operation's place in its tag: a page of a split reference shows a range of them.
    const index = perTag.get(described.group) ?? 0;
    perTag.set(described.group, index + 1);
    if (showsTag(described.group) && (whole || inRange(part.range, index))) operations.push(described);
  }
  for (const [index, { path, method, item, operation, pointer, group: tag }] of operations.entries()) {
    // The servers nearest the operation win, as OpenAPI says: the operation's, its path's, the document's.
    const baseUrl = sampleBaseUrl((operation.servers ?? item.servers ?? document.servers)?.[0]);
    const built = await buildOperation(
      context,
      { baseUrl, generators, kept: samples, key: sampleKey(pointer, sampleLanguages) },
      path,
      method,
      operation,
      [...(item.parameters ?? []), ...(operation.parameters ?? [])],
      pointer,
    );
    if (!tags.has(tag)) tags.set(tag, tagNamed(tag));
    tags.get(tag)!.operations.push(built);
    onOperation?.(index + 1, operations.length);
  }
  // Before the schemas: a schema that only a webhook's `$ref` names gets its section too.
  const webhooks = await buildWebhooks(
    context,
    (index) => whole || (part.kind === 'webhooks' && inRange(part.range, index)),
  );
  const showsSchema = (index: number) => whole || (part.kind === 'schemas' && inRange(part.range, index));
  const schemas = [];
  const named = Object.entries<any>(document.components?.schemas ?? {});
  for (const [index, [name, schema]] of named.entries()) {
    if (!showsSchema(index)) continue;
    // The section's own tree: its `$ref` (a multi-file description's `$ref: ./models/x.yaml`) is followed.
    const own = resolved(api, schema, `/components/schemas/${pointerKey(name)}`);
    schemas.push({
      name,
      anchor: schemaAnchor(name),
      node: await schemaNode(context, own, `/components/schemas/${pointerKey(name)}`, { required: false, depth: 0 }),
    });
  }
  // Then the schemas that only a `$ref` names, in the order met (writing one may meet more: a
  // Map's iteration visits entries added meanwhile).
  let index = named.length;
  for (const [ref, name] of context.budget.unnamed) {
    if (showsSchema(index++))
      schemas.push({
        name,
        anchor: schemaAnchor(name),
        node: await schemaNode(context, { $ref: ref }, `/components/schemas/${pointerKey(name)}`, {
          required: false,
          depth: 0,
        }),
      });
  }
  const reference: ApiReferenceData = {
    title: document.info?.title ?? 'API reference',
    version: String(document.info?.version ?? ''),
    descriptionHtml: introduction ? await render(document.info?.description ?? '', 1) : '',
    servers: (document.servers ?? []).map(apiServer),
    // Every page needs the schemes' names (an operation's line, the nav link); only the introduction their descriptions.
    security: await Promise.all(
      securitySchemesOf(api).map(async ({ description, ...scheme }) => ({
        ...scheme,
        descriptionHtml: introduction ? await render(description, 2) : '',
      })),
    ),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
    webhooks,
    schemas,
    downloads,
  };
  return { reference, unnamed: context.budget.unnamed, schemaNodes: context.budget.nodes };
}

/** A reference built, with the names it gave schemas that only a `$ref` names, and how many schema nodes it holds. */
export interface BuiltReference {
  reference: ApiReferenceData;
  unnamed: ReadonlyMap<string, string>;
  schemaNodes: number;
}

async function buildOperation(
  context: PartsContext,
  {
    baseUrl,
    generators,
    kept,
    key,
  }: { baseUrl: string; generators: SampleGenerators; kept?: Map<string, string>; key: string },
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
  const requestBodies = requestBody
    ? await bodies(context, requestBody.content, `${pointer}/requestBody/content`, 'readOnly')
    : [];
  const responses = await buildResponses(context, operation.responses ?? {}, pointer, 'writeOnly');
  const security = securityRequirementsOf(api, operation);
  let samples = kept?.get(key);
  if (samples === undefined) {
    const samplePath = path.replace(
      /\{([^}]+)\}/g,
      (_, name: string) => parameters.find((p) => p.name === name && p.location === 'path')?.example ?? `{${name}}`,
    );
    const query = parameters
      .filter((p) => p.location === 'query' && p.required && p.example !== undefined)
      .map((p): [string, string] => [p.name, p.example!]);
    const jsonBody = mediaOfType(requestBody?.content, 'application/json');
    const formBody = mediaOfType(requestBody?.content, formMediaType);
    samples = codeSamplesMarkdown(
      {
        method,
        url: `${baseUrl}${samplePath}`,
        query,
        body: jsonBody ? bodySample(jsonBody, api) : undefined,
        form: !jsonBody && formBody ? formFields(formBody, api) : undefined,
        credentials: credentialsFor(api, security),
      },
      generators,
      customSamplesOf(operation),
    );
    kept?.set(key, samples);
  }
  return {
    id,
    anchor: operationAnchor(id),
    titleId: titleIdOf(operationAnchor(id)),
    method: method.toUpperCase(),
    path,
    summary: operationTitle(operation, method, path),
    descriptionHtml: await render([summaryAsText(operation), operation.description].filter(Boolean).join('\n\n')),
    deprecated: Boolean(operation.deprecated),
    parameters,
    requestBodies,
    requestRequired: Boolean(requestBody?.required),
    responses,
    security,
    sampleBaseUrl: baseUrl,
    samplesHtml: await render(samples),
  };
}
