import { _registerSampler, sample } from 'openapi-sampler';
import { exampleOf } from './codeSamples.ts';
import { pointerKey, splitRef, type OpenApiModel } from './openApiModel.ts';

type Api = Pick<OpenApiModel, 'document' | 'parts'>;

declare module 'openapi-sampler' {
  /** Replaces how a type's value is made up (exported by the library for its own use: its type list is its own). */
  export function _registerSampler(type: string, sampler: (schema: { format?: unknown }) => unknown): void;
}

// A value made up from a type reads as a placeholder to fill (`<integer>`, `<date-time>`): the
// sampler's own (0, true, a 2019 date, a fixed UUID) read like values the API gave or expects.
// Values the description gives (example, examples, const, enum, default) are kept as it gives them.
for (const type of ['string', 'integer', 'number', 'boolean'])
  _registerSampler(type, (schema) =>
    type === 'string' && typeof schema.format === 'string' ? `<${schema.format}>` : `<${type}>`,
  );

/**
 * The body a request sample sends for a media type: its example, else one built from its schema by
 * Redocly's openapi-sampler (what Redoc shows): the required properties at every level (the
 * reference lists the others above the sample) but the `readOnly` ones, which a request does not
 * send; the first of a `oneOf`/`anyOf`; an `allOf` merged. Undefined without either.
 */
export function bodySample(media: any, api: Api): unknown {
  return exampleOrSample(media, api, { skipReadOnly: true, skipNonRequired: true });
}

/**
 * A body's example, else one built from its schema as bodySample does, with the properties `skip`
 * leaves out (a response shows every property but the `writeOnly` ones).
 */
export function exampleOrSample(
  media: any,
  api: Api,
  skip: { skipReadOnly?: boolean; skipWriteOnly?: boolean; skipNonRequired?: boolean; maxSampleDepth?: number },
): unknown {
  const example = exampleOf(media, api);
  if (example !== undefined || !media?.schema) return example;
  return sample(viewOf(media.schema), { ...skip, quiet: true }, specOf(api));
}

// The sampler follows a `$ref` only inside the document it is given, so the description's other
// files hang under one key of it, and a `$ref` into one of them (`schemas/x.yaml#/X`) reads as a
// pointer there. Views are kept per node: the sampler tells cycles apart by identity.
const partsKey = 'x-docsgen-parts';
const views = new WeakMap<object, object>();
const specs = new WeakMap<object, object>();

function viewOf<T>(node: T): T {
  if (node === null || typeof node !== 'object') return node;
  let view = views.get(node);
  if (!view) {
    view = new Proxy(node, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
          const { part, pointer } = splitRef(value);
          // The sampler decodes a `$ref` as a URI fragment before reading it as a pointer.
          return `#/${partsKey}/${pointerKey(part)}${pointer}`.replace(/%/g, '%25');
        }
        return viewOf(value);
      },
    });
    views.set(node, view);
  }
  return view as T;
}

function specOf(api: Api): object {
  let spec = specs.get(api.document);
  if (!spec) specs.set(api.document, (spec = viewOf({ ...api.document, [partsKey]: api.parts })));
  return spec;
}
