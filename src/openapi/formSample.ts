import { bodySample } from './bodySample.ts';
import { exampleOf } from './codeSamples.ts';
import type { OpenApiModel } from './openApiModel.ts';

type Api = Pick<OpenApiModel, 'document' | 'parts'>;

/**
 * The fields a request sample sends for a form body (Stripe's every POST): the body a JSON one
 * would send (bodySample.ts), each field written in brackets for objects and arrays
 * (`metadata[order]`, `expand[]`), the deepObject style form APIs read.
 */
export function formFields(media: any, api: Api): [string, string][] {
  const body = bodySample(media, api);
  // The description's own example is sent as written; a body built from the schema has placeholders.
  const built = exampleOf(media, api) === undefined;
  return isObject(body) ? flattened(body, '', built) : [];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function flattened(value: Record<string, unknown>, prefix: string, built: boolean): [string, string][] {
  return Object.entries(value).flatMap(([key, item]): [string, string][] => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(item))
      return item.flatMap((element): [string, string][] =>
        isObject(element) ? flattened(element, `${name}[]`, built) : [[`${name}[]`, String(element ?? '')]],
      );
    // Built, a required object none of whose fields is required: one field to fill, rather than none.
    if (built && isObject(item) && Object.keys(item).length === 0) return [[name, '<object>']];
    return isObject(item) ? flattened(item, name, built) : [[name, String(item ?? '')]];
  });
}
