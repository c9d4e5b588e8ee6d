import { methods, type OpenApiDocument } from './openApiModel.ts';
import { createHash } from 'node:crypto';
import { DocsgenError } from '../errors.ts';
import { sampleBaseUrl } from './serverUrl.ts';
import { securityRequirementsOf } from './securityRequirements.ts';
import { seedSchemaFaker } from './seedSchemaFaker.ts';
import type { ApiSecurityRequirement } from '../model/apiReference.ts';

/**
 * A Postman collection (v2.1) generated from the OpenAPI document with Postman's own converter,
 * one folder per tag, requests with type placeholders (`<string>`) and the description's examples
 * as their saved examples (values made up where it gives none), and each request's authentication
 * taken from its operation's security requirement, its secrets from collection variables so
 * readers set them once. The converter changes the document it converts: `document` itself when
 * it is `changeable` (its caller has no more use for it), else a copy (GitHub's: ~0.3 s of CPU).
 */
export async function postmanCollection(
  document: OpenApiDocument,
  file: string,
  { changeable = false }: { changeable?: boolean } = {},
): Promise<Record<string, unknown>> {
  // Loaded on use: the converter and its dependencies take ~0.4 s to import.
  const [{ default: Converter }, { default: schemaFaker }] = await Promise.all([
    import('openapi-to-postmanv2'),
    import('openapi-to-postmanv2/assets/json-schema-faker.js'),
  ]);
  const rejected = (reason: string) =>
    new DocsgenError(`the Postman converter rejected the OpenAPI file: ${reason}`, { file });
  // What the collection takes from the description besides the conversion, read before the converter changes it.
  const api = { document, parts: new Map() } as any;
  const requirementsByRoute = new Map<string, ApiSecurityRequirement[]>();
  for (const [route, operation] of operationsByRoute(document))
    requirementsByRoute.set(route, securityRequirementsOf(api, operation));
  const documentRequirements = securityRequirementsOf(api, {});
  const securitySchemes = structuredClone(document.components?.securitySchemes);
  const baseUrl = document.servers?.length ? sampleBaseUrl(document.servers[0]) : '';
  const data = changeable ? document : structuredClone(document);
  // OpenAPI 3.1 lets a description hold only webhooks; the converter stops without `paths`.
  data.paths ??= {};
  const result = await new Promise<any>((resolve, reject) => {
    seedSchemaFaker(schemaFaker);
    withoutFormatWarnings(() =>
      Converter.convert(
        { type: 'json', data },
        {
          folderStrategy: 'Tags',
          requestNameSource: 'Fallback',
          includeAuthInfoInExample: false,
        },
        (error: { message: string } | null, converted: any) =>
          error ? reject(rejected(error.message)) : resolve(converted),
      ),
    );
  });
  if (!result.result) throw rejected(result.reason);
  const collection = result.output[0].data as Record<string, any>;
  const secrets = new Map<string, string>();
  const authOf = (requirements: ApiSecurityRequirement[]) => postmanAuth(securitySchemes, requirements, secrets);
  const visit = (items: any[]): void => {
    for (const item of items) {
      if (Array.isArray(item.item)) visit(item.item);
      else if (item.request) {
        const requirements = requirementsByRoute.get(routeKey(item.request.method, postmanPath(item.request.url)));
        if (!requirements) continue;
        const { extra, ...auth } = authOf(requirements);
        item.request.auth = auth;
        for (const { name, in: where, value } of extra ?? []) {
          if (where === 'query') item.request.url.query = [...(item.request.url.query ?? []), { key: name, value }];
          else item.request.header = [...(item.request.header ?? []), { key: name, value }];
        }
      }
    }
  };
  visit(collection.item ?? []);
  const { extra: _, ...auth } = authOf(documentRequirements);
  if (auth.type === 'noauth') delete collection.auth;
  else collection.auth = auth;
  collection.variable = [
    { key: 'baseUrl', value: baseUrl, type: 'string' },
    ...[...secrets].map(([key, description]) => ({ key, value: '', type: 'string', description })),
  ];
  return stableIds(collection) as Record<string, unknown>;
}

/**
 * Runs the (synchronous) conversion without the warnings of the converter's validator: it checks
 * each schema's example with an Ajv that logs to the console every format it does not know
 * (`unknown format "urn" ignored in schema at path "#"`, 26 lines for Box's description). Those
 * formats are the description's own, and the line names no place; any other warning is kept.
 */
function withoutFormatWarnings(convert: () => void): void {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && /^unknown format ".*" ignored in schema/.test(args[0]))) warn(...args);
  };
  try {
    convert();
  } finally {
    console.warn = warn;
  }
}

/** `GET /things/{}/`: a method and a path with its parameters blanked, as both OpenAPI and Postman write it. */
function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}|:[^/]+/g, '{}')}`;
}

function postmanPath(url: any): string {
  return `/${(Array.isArray(url?.path) ? url.path : []).join('/')}`;
}

/** Each operation of the document by its route key. */
function operationsByRoute(document: OpenApiDocument): Map<string, any> {
  const operations = new Map<string, any>();
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const method of methods) {
      // The converter's paths are relative to the server's URL, which may carry a base path of its own.
      if (item?.[method]) operations.set(routeKey(method, path), item[method]);
    }
  }
  return operations;
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

/**
 * The converter gives every item a random UUID: replace each with one derived from where it sits
 * in the collection, so the same OpenAPI file always gives the same file (and cache hits).
 */
function stableIds(value: unknown, at = '$'): unknown {
  if (Array.isArray(value)) return value.map((item, index) => stableIds(item, `${at}[${index}]`));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      (key === 'id' || key === '_postman_id') && typeof child === 'string' && uuidPattern.test(child)
        ? uuidFor(`${at}.${key}`)
        : stableIds(child, `${at}.${key}`),
    ]),
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidFor(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  // A version 4 layout (variant bits set), so tools that check the form accept it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
