import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { DocsgenError } from '../errors.ts';
import type { ApiSecurityRequirement } from '../model/apiReference.ts';
import { bodySample, exampleOrSample } from './bodySample.ts';
import { exampleOf } from './codeSamples.ts';
import { formFields } from './formSample.ts';
import { methods, refTarget, type OpenApiModel } from './openApiModel.ts';
import { operationGroup } from './operationGroup.ts';
import { securityRequirementsOf } from './securityRequirements.ts';
import { sampleBaseUrl } from './serverUrl.ts';

type Api = Pick<OpenApiModel, 'document' | 'parts'>;
type Json = Record<string, unknown>;

const httpMethods = new Set<string>(methods);

/**
 * How deep a response body made up from its schema goes (openapi-sampler's default is 15): Stripe's
 * 468 operations, whose responses give no example, made a 19 MB collection in 3.7 s of CPU at 15,
 * 6.7 MB in 1.7 s at 4 and 4.1 MB in 0.8 s at 3 (loaded machine; the converter's was 9.1 MB, it
 * resolves only two levels in large descriptions). An example the description gives is kept whole.
 */
const responseSampleDepth = 3;
const schemaUrl = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/**
 * The description as a Postman collection (v2.1), built from the loaded model as the reference's
 * samples are: a folder per group of the reference (an operation's first tag, else its path's
 * resource: operationGroup.ts), in the order the reference lists them; each operation a request
 * named by its summary (else its operationId, else its path) that sends what its samples send
 * (path and required query parameters from their examples, the JSON body or form fields of
 * bodySample.ts and formSample.ts), the optional parameters listed but off; each documented
 * response a saved example with its example body, else one made up from its schema
 * (openapi-sampler, `<type>` placeholders); the operation's security requirement as the request's
 * auth, its secrets collection variables set once, beside `baseUrl`. The ids are derived from the
 * operation's place, so a description always gives the same file.
 *
 * It replaced Postman's openapi-to-postmanv2, which took ~1.7 s of CPU for GitHub's 1,223 operations
 * (its SDK objects, schema faker and example checks), for a collection of the same parts.
 */
export function postmanCollection(api: Api, file: string): Json {
  const { document } = api;
  const title = document.info?.title;
  if (typeof title !== 'string' || title.trim() === '')
    throw new DocsgenError('the Postman collection needs a title: the OpenAPI file has no `info.title`', { file });
  const secrets = new Map<string, string>();
  const schemes = document.components?.securitySchemes;
  const folders = new Map<string, Json[]>();
  // Tags the description lists come first, in its order, as in the reference.
  for (const tag of document.tags ?? []) if (typeof tag?.name === 'string') folders.set(tag.name, []);
  const baseUrl = document.servers?.length ? sampleBaseUrl(document.servers[0]) : '';
  for (const [path, rawItem] of Object.entries<any>(document.paths ?? {})) {
    const pathItem = followed(api, rawItem);
    if (!pathItem || typeof pathItem !== 'object') continue;
    // In the order the path item writes them, as Postman's converter kept them.
    for (const method of Object.keys(pathItem).filter((key) => httpMethods.has(key))) {
      const operation = followed(api, pathItem[method]);
      if (!operation || typeof operation !== 'object') continue;
      const group = operationGroup(operation, path);
      if (!folders.has(group)) folders.set(group, []);
      const parameters = operationParameters(api, pathItem.parameters, operation.parameters);
      const auth = postmanAuth(schemes, securityRequirementsOf(api, operation), secrets);
      // The servers nearest the operation win, as OpenAPI says (and as the reference's samples call them).
      const server = (operation.servers ?? pathItem.servers)?.[0];
      const host = server === undefined ? undefined : sampleBaseUrl(server);
      const base = host === undefined || host === baseUrl ? undefined : host;
      folders.get(group)!.push(requestItem(api, { method, path, operation, parameters, auth, base }));
    }
  }
  const tagDescriptions = new Map<string, string>(
    (document.tags ?? []).map((tag: any) => [
      String(tag?.name),
      typeof tag?.description === 'string' ? tag.description : '',
    ]),
  );
  const { extra: _, ...auth } = postmanAuth(schemes, securityRequirementsOf(api, {}), secrets);
  return {
    info: {
      _postman_id: uuidFor(`collection ${title}`),
      name: title,
      ...(collectionDescription(document.info) ? { description: text(collectionDescription(document.info)) } : {}),
      schema: schemaUrl,
    },
    item: [...folders]
      .filter(([, items]) => items.length > 0)
      .map(([name, items]) => ({
        id: uuidFor(`folder ${name}`),
        name,
        ...(tagDescriptions.get(name) ? { description: text(tagDescriptions.get(name)!) } : {}),
        item: items,
      })),
    ...(auth.type === 'noauth' ? {} : { auth }),
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string' },
      ...[...secrets].map(([key, description]) => ({ key, value: '', type: 'string', description })),
    ],
  };
}

/** A node of the description with its `$ref` followed (every `$ref` of the model was checked at load). */
function followed(api: Api, node: any): any {
  for (let hops = 0; typeof node?.$ref === 'string' && hops < 32; hops++) node = refTarget(api, node.$ref);
  return node;
}

const text = (content: string) => ({ content, type: 'text/plain' });

/** The description's own text, then whom to contact (its `info.contact` name and email), as Postman's converter wrote it. */
function collectionDescription(info: any): string {
  const description = typeof info.description === 'string' ? info.description : '';
  const contact = [
    ...(typeof info.contact?.name === 'string' ? [` Name: ${info.contact.name}`] : []),
    ...(typeof info.contact?.email === 'string' ? [` Email: ${info.contact.email}`] : []),
  ];
  if (contact.length === 0) return description;
  return `${description}${description ? '\n\n' : ''}Contact Support:\n${contact.join('\n')}`;
}

/** A path item's parameters with its operation's, which replace those of the same name and place. */
function operationParameters(api: Api, shared: unknown, own: unknown): any[] {
  const byPlace = new Map<string, any>();
  for (const list of [shared, own])
    for (const raw of Array.isArray(list) ? list : []) {
      const parameter = followed(api, raw);
      if (typeof parameter?.name === 'string' && typeof parameter?.in === 'string')
        byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  return [...byPlace.values()];
}

/** A parameter's or header's value in a request: its example, else its schema's default or first enum value, else a `<type>` placeholder. */
function parameterValues(api: Api, parameter: any): string[] {
  let value = exampleOf(parameter, api);
  const schema = followed(api, parameter.schema);
  if (value === undefined) value = schema?.default ?? (Array.isArray(schema?.enum) ? schema.enum[0] : undefined);
  if (value === undefined) return [placeholder(api, schema)];
  // A list in a query goes as the parameter repeated (`form`, exploded: OpenAPI's default), else comma-separated.
  if (Array.isArray(value))
    return parameter.in === 'query' && parameter.explode !== false && (parameter.style ?? 'form') === 'form'
      ? value.map(asText)
      : [value.map(asText).join(',')];
  return [asText(value)];
}

function placeholder(api: Api, schema: any): string {
  const items = schema?.type === 'array' ? followed(api, schema.items) : undefined;
  const of = items ?? schema;
  const type = typeof of?.format === 'string' ? of.format : typeof of?.type === 'string' ? of.type : 'string';
  return `<${type}>`;
}

const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

const described = (parameter: any): { description?: string } => {
  const description = typeof parameter.description === 'string' ? parameter.description : '';
  const prefix = parameter.required ? '(Required) ' : '';
  return description || prefix ? { description: `${prefix}${description}`.trim() } : {};
};

interface Operation {
  method: string;
  path: string;
  operation: any;
  parameters: any[];
  auth: ReturnType<typeof postmanAuth>;
  /** The operation's own server (its or its path's `servers`), when it is not the document's. */
  base?: string;
}

/** An operation's request, with its responses as saved examples. */
function requestItem(api: Api, { method, path: pathKey, operation, parameters, auth, base }: Operation): Json {
  // A path key may carry a query of its own (`/oauth/token?refresh`): it is sent as written, in the query.
  const [path, pathQuery = ''] = pathKey.split(/\?(.*)/s, 2);
  const name = nameOf(operation, pathKey);
  const values = new Map(parameters.map((parameter) => [parameter, parameterValues(api, parameter)]));
  const ofPlace = (place: string) => parameters.filter((parameter) => parameter.in === place);
  const pathValue = (name: string) => {
    const parameter = ofPlace('path').find((candidate) => candidate.name === name);
    return parameter ? values.get(parameter)![0] : `{${name}}`;
  };
  const segments = path
    .replace(/^\//, '')
    .split('/')
    // A segment that is one parameter is a Postman path variable; one with a parameter inside takes its value.
    .map((segment) =>
      /^\{[^{}]+\}$/.test(segment)
        ? `:${segment.slice(1, -1)}`
        : segment.replace(/\{([^{}]+)\}/g, (_, name: string) => pathValue(name)),
    );
  const variables = segments
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => {
      const parameter = ofPlace('path').find((candidate) => candidate.name === segment.slice(1));
      return { key: segment.slice(1), value: pathValue(segment.slice(1)), ...(parameter ? described(parameter) : {}) };
    });
  const query = [
    ...[...new URLSearchParams(pathQuery)].map(
      ([key, value]) => ({ key, value }) as { key: string; value: string; disabled?: boolean },
    ),
    ...ofPlace('query').flatMap((parameter) =>
      values.get(parameter)!.map((value) => ({
        key: parameter.name,
        value,
        ...described(parameter),
        ...(parameter.required ? {} : { disabled: true }),
      })),
    ),
  ];
  const parameterHeaders = [
    ...ofPlace('header').map((parameter) => ({
      key: parameter.name,
      value: values.get(parameter)![0],
      ...described(parameter),
      ...(parameter.required ? {} : { disabled: true }),
    })),
    ...ofPlace('cookie')
      .filter((parameter) => parameter.required)
      .map((parameter) => ({
        key: 'Cookie',
        value: `${parameter.name}=${values.get(parameter)![0]}`,
        ...described(parameter),
      })),
  ];
  const { extra, ...requestAuth } = auth;
  // Postman holds one scheme a request: the other API keys the requirement needs go as the headers and query parameters they are.
  for (const { name: key, in: where, value } of extra ?? [])
    (where === 'query' ? query : parameterHeaders).push({ key, value } as (typeof query)[number]);
  const origin = base === undefined ? undefined : urlParts(base);
  const host = origin?.host ?? ['{{baseUrl}}'];
  const urlPath = [...(origin?.path ?? []), ...segments];
  const raw = `${origin === undefined ? '{{baseUrl}}' : base!.replace(/\/$/, '')}/${segments.join('/')}${
    query.some((entry) => !entry.disabled)
      ? `?${query
          .filter((entry) => !entry.disabled)
          .map((entry) => `${entry.key}=${entry.value}`)
          .join('&')}`
      : ''
  }`;
  const url = {
    raw,
    ...(origin?.protocol ? { protocol: origin.protocol } : {}),
    host,
    ...(origin?.port ? { port: origin.port } : {}),
    path: urlPath,
    query,
    variable: variables,
  };
  const requestBody = followed(api, operation.requestBody);
  const [contentType, media] = requestMedia(requestBody?.content);
  const body = contentType === undefined ? undefined : requestBodyOf(api, contentType, media);
  const responses = Object.entries<any>(operation.responses ?? {});
  // What the request accepts: the media type of its first success with a body, else of its first response with one.
  const accept = [...responses.filter(([status]) => /^2/.test(status)), ...responses]
    .map(([, response]) => Object.keys(followed(api, response)?.content ?? {})[0])
    .find(Boolean);
  const header = [
    ...parameterHeaders,
    ...(contentType === undefined ? [] : [{ key: 'Content-Type', value: contentType }]),
    ...(accept === undefined ? [] : [{ key: 'Accept', value: accept }]),
  ];
  const originalRequest = { method: method.toUpperCase(), header, url, ...(body ? { body } : {}) };
  return {
    id: uuidFor(`request ${method} ${pathKey}`),
    name,
    request: {
      ...originalRequest,
      auth: requestAuth,
      ...(typeof operation.description === 'string' ? { description: text(operation.description) } : {}),
    },
    response: responses.map(([status, rawResponse]) => {
      const response = followed(api, rawResponse) ?? {};
      const [type, media] = Object.entries<any>(response.content ?? {})[0] ?? [];
      const example =
        type === undefined
          ? undefined
          : exampleOrSample(media, api, { skipWriteOnly: true, maxSampleDepth: responseSampleDepth });
      const code = statusCode(status);
      return {
        id: uuidFor(`response ${method} ${pathKey} ${status}`),
        name: typeof response.description === 'string' && response.description ? response.description : status,
        originalRequest,
        status: STATUS_CODES[code] ?? status,
        code,
        header: [
          ...Object.entries<any>(response.headers ?? {}).map(([key, rawHeader]) => {
            const responseHeader = followed(api, rawHeader) ?? {};
            return { key, value: parameterValues(api, responseHeader)[0], ...described(responseHeader) };
          }),
          ...(type === undefined ? [] : [{ key: 'Content-Type', value: type }]),
        ],
        cookie: [],
        body: example === undefined ? '' : bodyText(type, example),
        _postman_previewlanguage: previewLanguage(type),
      };
    }),
  };
}

/** An absolute server URL as Postman's URL parts (`https://app.example/v1` → https, [app, example], [v1]); a relative one under `{{baseUrl}}`. */
function urlParts(base: string): { protocol?: string; host: string[]; port?: string; path: string[] } {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { host: ['{{baseUrl}}'], path: base.split('/').filter(Boolean) };
  }
  return {
    protocol: url.protocol.replace(/:$/, ''),
    host: url.hostname.split('.'),
    ...(url.port ? { port: url.port } : {}),
    path: url.pathname.split('/').filter(Boolean),
  };
}

/** The media type a request sends, as its samples do: JSON where the operation takes it, else a form, else its first. */
function requestMedia(content: Record<string, any> | undefined): [string, any] | [] {
  const entries = Object.entries<any>(content ?? {});
  const ofType = (test: (type: string) => boolean) =>
    entries.find(([type]) => test(type.split(';')[0].trim().toLowerCase()));
  return (
    ofType((type) => type === 'application/json') ??
    ofType((type) => type === 'application/x-www-form-urlencoded') ??
    entries[0] ??
    []
  );
}

/** Postman's 'Fallback' name: the summary, else the operationId, else the path. */
function nameOf(operation: any, path: string): string {
  for (const name of [operation.summary, operation.operationId])
    if (typeof name === 'string' && name.trim() !== '') return name.trim().split('\n')[0];
  return path;
}

/** `201` → 201; a range (`2XX`) its first code; `default` 500, as Postman's converter read them. */
function statusCode(status: string): number {
  if (/^[1-5]\d\d$/.test(status)) return Number(status);
  if (/^[1-5]XX$/i.test(status)) return Number(status[0]) * 100;
  return 500;
}

const isJson = (type: string | undefined) => type !== undefined && /[/+]json\b/i.test(type.split(';')[0]);

function previewLanguage(type: string | undefined): string {
  if (type === undefined) return 'text';
  if (isJson(type)) return 'json';
  if (/xml/i.test(type)) return 'xml';
  if (/html/i.test(type)) return 'html';
  return 'text';
}

function bodyText(type: string | undefined, value: unknown): string {
  if (isJson(type) || (typeof value === 'object' && value !== null)) return JSON.stringify(value, null, 2);
  return String(value);
}

/** The body a request sends for its first media type: what the reference's samples send. */
function requestBodyOf(api: Api, contentType: string, media: any): Json {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded')
    return { mode: 'urlencoded', urlencoded: formFields(media, api).map(([key, value]) => ({ key, value })) };
  if (type === 'multipart/form-data') {
    const value = bodySample(media, api);
    const schema = followed(api, media?.schema);
    return {
      mode: 'formdata',
      formdata: formParts(api, media, value).map(([key, part, sent]) => {
        const property = followed(api, schema?.properties?.[key]);
        const encoding = media?.encoding?.[key]?.contentType;
        const items = property?.type === 'array' ? followed(api, property.items) : property;
        const described = typeof property?.description === 'string' ? { description: property.description } : {};
        const off = sent ? {} : { disabled: true };
        // A part that is a file (binary content) is a field a reader picks the file for, as Postman's converter wrote it.
        if (items?.format === 'binary' || items?.format === 'base64' || typeof items?.contentMediaType === 'string')
          return { key, type: 'file', ...described, ...off };
        return {
          key,
          value: sent ? asText(part) : placeholder(api, property),
          type: 'text',
          ...(typeof encoding === 'string' ? { contentType: encoding } : {}),
          ...described,
          ...off,
        };
      }),
    };
  }
  const value = bodySample(media, api);
  return {
    mode: 'raw',
    raw: value === undefined ? '' : bodyText(contentType, value),
    ...(isJson(contentType) ? { options: { raw: { headerFamily: 'json', language: 'json' } } } : {}),
  };
}

/**
 * A multipart body's parts: those its sample sends (its example, else its required properties),
 * then its schema's other properties but the `readOnly` ones, listed but off, as optional query
 * parameters are.
 */
function formParts(api: Api, media: any, value: unknown): [string, unknown, boolean][] {
  const sent = Object.entries<any>(value && typeof value === 'object' ? value : {});
  const properties = Object.entries<any>(followed(api, media?.schema)?.properties ?? {});
  const others = properties
    .filter(([key, property]) => !sent.some(([name]) => name === key) && !followed(api, property)?.readOnly)
    .map(([key]): [string, unknown, boolean] => [key, undefined, false]);
  return [...sent.map(([key, part]): [string, unknown, boolean] => [key, part, true]), ...others];
}

/**
 * A request's Postman auth for the first way of authenticating its operation allows: Postman
 * takes one scheme a request, so a requirement of several adds the others as headers or query
 * parameters. Each secret is a collection variable, recorded in `secrets` with what it is.
 */
function postmanAuth(
  securitySchemes: Record<string, any> | undefined,
  requirements: ApiSecurityRequirement[],
  secrets: Map<string, string>,
): { type: string; extra?: { name: string; in: string; value: string }[]; [auth: string]: unknown } {
  const [first = []] = requirements;
  const schemes = first
    .map(({ name, scopes }) => ({ name, scopes, scheme: securitySchemes?.[name] }))
    .filter(({ scheme }) => scheme);
  if (schemes.length === 0) return { type: 'noauth' };
  const apiKeys = Object.values<any>(securitySchemes ?? {}).filter((s) => s?.type === 'apiKey');
  const secret = (key: string, description: string) => (secrets.set(key, description), `{{${key}}}`);
  const [{ name, scheme, scopes }, ...others] = schemes;
  const apiKeyValue = (name: string, scheme: any) =>
    `${scheme['x-docsgen-prefix'] ?? ''}${secret(apiKeys.length > 1 ? name.charAt(0).toLowerCase() + name.slice(1) : 'apiKey', `Your API key (${name}).`)}`;
  const entries = (record: Record<string, string>) =>
    Object.entries(record).map(([key, value]) => ({ key, value, type: 'string' }));
  const auth: { type: string; [auth: string]: unknown } =
    scheme.type === 'apiKey' && scheme.in !== 'cookie'
      ? { type: 'apikey', apikey: entries({ key: scheme.name, value: apiKeyValue(name, scheme), in: scheme.in }) }
      : scheme.type === 'apiKey'
        ? {
            type: 'apikey',
            apikey: entries({ key: 'Cookie', value: `${scheme.name}=${apiKeyValue(name, scheme)}`, in: 'header' }),
          }
        : scheme.type === 'http' && /^basic$/i.test(scheme.scheme)
          ? {
              type: 'basic',
              basic: entries({
                username: secret('username', 'Your username.'),
                password: secret('password', 'Your password.'),
              }),
            }
          : scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)
            ? { type: 'bearer', bearer: entries({ token: secret('bearerToken', 'Your bearer token.') }) }
            : scheme.type === 'oauth2' || scheme.type === 'openIdConnect'
              ? {
                  type: 'oauth2',
                  oauth2: entries({
                    accessToken: secret(
                      'accessToken',
                      `An OAuth access token${scopes.length ? ` with ${scopes.join(', ')}` : ''}.`,
                    ),
                    addTokenTo: 'header',
                    headerPrefix: 'Bearer',
                  }),
                }
              : {
                  type: 'apikey',
                  apikey: entries({
                    key: 'Authorization',
                    value: `${scheme.scheme} ${secret('credentials', 'Your credentials.')}`,
                    in: 'header',
                  }),
                };
  // Postman holds one scheme a request: the others (API keys) are sent as the headers and query parameters they are.
  const extra = others
    .filter(({ scheme }) => scheme.type === 'apiKey')
    .map(({ name, scheme }) =>
      scheme.in === 'cookie'
        ? { name: 'Cookie', in: 'header', value: `${scheme.name}=${apiKeyValue(name, scheme)}` }
        : { name: String(scheme.name), in: String(scheme.in), value: apiKeyValue(name, scheme) },
    );
  return { ...auth, extra };
}

/** A version 4 UUID derived from `seed`, so the same description always gives the same file (and cache hits). */
function uuidFor(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  // A version 4 layout (variant bits set), so tools that check the form accept it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
