import { exampleOf } from './codeSamples.ts';
import { refTarget, type OpenApiModel } from './openApiModel.ts';

type Api = Pick<OpenApiModel, 'document' | 'parts'>;

/**
 * The fields a request sample sends for a form body (Stripe's every POST): the media type's
 * example, else each required property of its schema (its `readOnly` ones aside) with its own
 * example, default, `const` or first allowed value, or `{name}` where the description gives none,
 * as a path parameter without an example is written. Objects and arrays are written in brackets
 * (`metadata[order]`, `expand[]`), the deepObject style form APIs read.
 */
export function formFields(media: any, api: Api): [string, string][] {
  const example = exampleOf(media, api);
  if (isObject(example)) return flattened(example);
  const schema = followed(media?.schema, api);
  const required: unknown[] = Array.isArray(schema?.required) ? schema.required : [];
  return required.flatMap((name): [string, string][] => {
    if (typeof name !== 'string') return [];
    const property = followed(schema.properties?.[name], api);
    if (property?.readOnly) return [];
    const value = exampleOf({ schema: property }, api) ?? property?.default ?? property?.const ?? property?.enum?.[0];
    return value === undefined ? [[name, `{${name}}`]] : flattened({ [name]: value });
  });
}

function followed(node: any, api: Api): any {
  return node?.$ref ? refTarget(api, node.$ref) : node;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function flattened(value: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, item]): [string, string][] => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(item))
      return item.flatMap((element): [string, string][] =>
        isObject(element) ? flattened(element, `${name}[]`) : [[`${name}[]`, String(element ?? '')]],
      );
    return isObject(item) ? flattened(item, name) : [[name, String(item ?? '')]];
  });
}
