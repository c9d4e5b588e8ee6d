import type { ApiBody, ApiParameter, ApiResponse } from '../model/apiReference.ts';
import { splitLeadParagraph } from '../html/leadParagraph.ts';
import { examplesOf } from './codeSamples.ts';
import { examplesMarkdown } from './examplesMarkdown.ts';
import { pointerKey, resolved, type OpenApiModel } from './openApiModel.ts';
import { schemaNode, type SchemaBudget, type SchemaWalk } from './schemaNode.ts';

/**
 * Renders a Markdown fragment of the OpenAPI file (descriptions, samples) to HTML, its headings
 * below the level of the heading it is shown under (`headingsBelow`; an operation's or a schema's
 * `h3` unless said: itemHeadingLevel, src/model/apiReference.ts): the HTML, or its promise (the
 * outline's "renderer", which keeps the Markdown as it is, gives it at once).
 */
export type RenderFragment = (markdown: string, headingsBelow?: number) => string | Promise<string>;

/** What building an operation's or a webhook's parts needs. */
export interface PartsContext {
  api: OpenApiModel;
  render: RenderFragment;
  budget: SchemaBudget;
}

/**
 * Where a response's status goes in the list, as an author expects: by class (`2XX` with the
 * 2xx codes, after them), `default` last. A description's order cannot be kept: JavaScript puts
 * integer-like keys (`401`) before the others (`2XX`) whatever the file says.
 */
function statusRank(status: string): number {
  if (/^[1-5]\d\d$/.test(status)) return Number(status);
  const range = /^([1-5])XX$/i.exec(status);
  if (range) return Number(range[1]) * 100 + 99.5;
  return 1000;
}

/** An operation's (or a webhook's) parameters, `$ref`s resolved, in the order they are written. */
export async function buildParameters(
  { api, render, budget }: PartsContext,
  rawParameters: any[],
  pointer: string,
): Promise<ApiParameter[]> {
  const parameters: ApiParameter[] = [];
  for (const [index, raw] of rawParameters.entries()) {
    const parameter = resolved(api, raw, `${pointer}/parameters/${index}`);
    const examples = examplesOf(parameter, api);
    parameters.push({
      name: parameter.name,
      location: parameter.in,
      required: Boolean(parameter.required),
      schema: await schemaNode(
        { api, render, budget },
        parameter.schema ?? {},
        `${pointer}/parameters/${index}/schema`,
        { required: Boolean(parameter.required), depth: 0, omit: 'readOnly' },
      ),
      descriptionHtml: parameter.description ? await render(parameter.description) : undefined,
      example: examples.length === 0 ? undefined : parameterValue(examples[0].value),
      examples:
        examples.length > 1
          ? examples.map((example) => ({
              label: example.summary ?? example.name,
              value: parameterValue(example.value),
            }))
          : undefined,
    });
  }
  return parameters;
}

/**
 * The responses an operation documents (`omit` its `writeOnly` properties), or a webhook's
 * receiver may give: the first paragraph of each description is its summary.
 */
export async function buildResponses(
  context: PartsContext,
  rawResponses: Record<string, any>,
  pointer: string,
  omit?: SchemaWalk['omit'],
): Promise<ApiResponse[]> {
  const { api, render } = context;
  const responses: ApiResponse[] = [];
  const statuses = Object.entries<any>(rawResponses).sort(([a], [b]) => statusRank(a) - statusRank(b));
  for (const [status, raw] of statuses) {
    const at = `${pointer}/responses/${pointerKey(status)}`;
    const response = resolved(api, raw, at);
    const { lead, rest } = splitLeadParagraph(await render(response.description ?? ''));
    responses.push({
      status,
      summaryHtml: lead,
      descriptionHtml: rest,
      headers: await Promise.all(
        Object.entries<any>(response.headers ?? {}).map(async ([name, rawHeader]) => {
          const header = resolved(api, rawHeader, `${at}/headers/${pointerKey(name)}`);
          return { name, descriptionHtml: header.description ? await render(header.description) : undefined };
        }),
      ),
      bodies: await bodies(context, response.content, `${at}/content`, omit),
    });
  }
  return responses;
}

/** The bodies of a request or response, one per media type, with the schema (less its `omit` properties) and example of each. */
export async function bodies(
  context: PartsContext,
  content: Record<string, any> | undefined,
  pointer: string,
  omit?: SchemaWalk['omit'],
): Promise<ApiBody[]> {
  const { api, render } = context;
  return Promise.all(
    Object.entries<any>(content ?? {}).map(async ([contentType, media]) => {
      // A multipart example is an object of parts, with no text form of its own: none is shown.
      const examples = examplesOf(media, api).flatMap((example) => {
        const text = exampleText(contentType, example.value);
        return text === undefined ? [] : [{ ...example, text }];
      });
      return {
        contentType,
        schema: await schemaNode(context, media.schema ?? {}, `${pointer}/${pointerKey(contentType)}/schema`, {
          required: false,
          depth: 0,
          omit,
        }),
        exampleHtml:
          examples.length === 0
            ? undefined
            : await render(examplesMarkdown(contentType.includes('json') ? 'json' : 'text', examples)),
      };
    }),
  );
}

/** An example as its body's text: JSON indented, other text as it is; an object for another media type (multipart parts) has none. */
function exampleText(contentType: string, value: unknown): string | undefined {
  if (contentType.includes('json')) return JSON.stringify(value, null, 2);
  return typeof value === 'object' ? undefined : String(value);
}

/** A parameter's example as it is written in a request: an object or list as JSON (not `[object Object]`). */
const parameterValue = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
