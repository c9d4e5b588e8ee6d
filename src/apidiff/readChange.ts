import { isDeepStrictEqual } from 'node:util';
import type { Diff } from 'api-smart-diff';
import type { ApiChange, ChangeSubject, ChangeTarget } from '../model/apiChanges.ts';
import { operationAnchor, operationIdOf, schemaAnchor, webhookAnchor } from '../model/apiAnchors.ts';
import { methods, pointerKey, type OpenApiModel } from '../openapi/openApiModel.ts';
import { classifyChange, isNamedRule, libraryRule } from './changeRules.ts';
import { locationOf, rootOf, walkDescription } from './walkDescription.ts';

type Key = string | number;
type Side = 'old' | 'new';

/** The two descriptions compared. */
export interface Compared {
  old: OpenApiModel;
  new: OpenApiModel;
}

/** What a change is, before it is classified and located. */
interface Reading {
  target: ChangeTarget;
  rule: string;
  message: string;
  value?: unknown;
  previous?: unknown;
  /** Keys from the document's root to the changed node on each side, where that side has it. */
  oldKeys?: Key[];
  newKeys?: Key[];
  /** A property the change names beyond its keys (the name a `required` entry holds). */
  property?: string;
}

/** Keys whose values are documentation, not the contract: a diff under one is left out of the changelog. */
const documentationKeys = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
  'operationId',
  'servers',
  'xml',
]);
/** Keys under which the next key is a name (a property's, a response code, a media type), never a keyword. */
const nameHolders = new Set([
  'properties',
  'paths',
  'webhooks',
  'x-webhooks',
  'responses',
  'headers',
  'content',
  'securitySchemes',
  'callbacks',
  'patternProperties',
  'scopes',
]);

const isDocumentation = (path: readonly Key[]) =>
  path.some(
    (key, index) =>
      index > 0 &&
      typeof key === 'string' &&
      !nameHolders.has(String(path[index - 1])) &&
      (documentationKeys.has(key) || key.startsWith('x-')),
  );

/**
 * Reads one diff of the library as changes of docsgen's model (a diff that adds a list of
 * parameters is one change per parameter): what it concerns (operation, webhook, API), the part
 * that changed, the oasdiff rule it falls under, its class, a sentence, and where it is written.
 * Documentation-only diffs (descriptions, examples, extensions) and the components' own diffs
 * (reported where an operation uses them) give none.
 */
export function readChanges(diff: Diff, compared: Compared): ApiChange[] {
  if (diff.type === 'annotation' || isDocumentation(diff.path)) return [];
  const [scope] = diff.path;
  if (scope === 'paths' || scope === 'webhooks' || scope === 'x-webhooks') return readEndpointChanges(diff, compared);
  const api: ChangeSubject = { kind: 'api' };
  if (scope === 'security')
    return readSecurity(diff, diff.path.slice(1), 'api-global-security', ['security']).map((reading) =>
      changeOf(diff, reading, api, compared),
    );
  if (scope === 'components' && diff.path[1] === 'securitySchemes' && diff.path.length >= 3) {
    return [changeOf(diff, readSecurityScheme(diff), api, compared)];
  }
  return [];
}

/** An operation or webhook: where it is, and the two descriptions. */
interface Endpoint {
  subject: ChangeSubject;
  compared: Compared;
  /** Keys of its path item (`['paths', '/bundles/']`) and of itself (`[…, 'get']`). */
  itemKeys: Key[];
  keys: Key[];
  isWebhook: boolean;
}

function readEndpointChanges(diff: Diff, compared: Compared): ApiChange[] {
  const [scope, name, method, ...rest] = diff.path as Key[];
  const isWebhook = scope !== 'paths';
  const itemKeys = [scope, name];
  if (method === undefined) {
    // A whole webhook (the library reports paths per method, webhooks per name).
    if (!isWebhook || (diff.action !== 'add' && diff.action !== 'remove')) return [];
    const side: Side = diff.action === 'add' ? 'new' : 'old';
    const item = nodeAt(compared[side], itemKeys);
    const first = methods.find((each) => item?.[each]);
    if (!first) return [];
    const keys = [...itemKeys, first];
    const reading: Reading = {
      target: { kind: 'operation' },
      rule: `webhook-${diff.action === 'add' ? 'added' : 'removed'}`,
      message: `${diff.action === 'add' ? 'added' : 'removed'} the webhook`,
      [`${side}Keys`]: keys,
    };
    return [changeOf(diff, reading, subjectOf(true, String(name), first, item[first]), compared)];
  }
  if (typeof method !== 'string' || !(methods as readonly string[]).includes(method)) return [];
  const keys = [...itemKeys, method];
  const operation = nodeAt(compared.new, keys) ?? nodeAt(compared.old, keys);
  if (!operation) return [];
  const endpoint: Endpoint = {
    subject: subjectOf(isWebhook, String(name), method, operation),
    compared,
    itemKeys,
    keys,
    isWebhook,
  };
  return readOperationPart(diff, rest, endpoint).map((reading) => changeOf(diff, reading, endpoint.subject, compared));
}

function subjectOf(isWebhook: boolean, name: string, method: string, operation: any): ChangeSubject {
  const summary = typeof operation?.summary === 'string' ? operation.summary : undefined;
  if (isWebhook) return { kind: 'webhook', name, anchor: webhookAnchor(name), method: method.toUpperCase(), summary };
  const id = operationIdOf(operation?.operationId, method, name);
  return {
    kind: 'operation',
    id,
    anchor: operationAnchor(id),
    method: method.toUpperCase(),
    path: name,
    tag: String(operation?.tags?.[0] ?? 'Other'),
    summary,
  };
}

/** The node at `keys` from the root (`$ref`s followed), or undefined when the description does not hold it. */
function nodeAt(api: OpenApiModel, keys: Key[]): any {
  const reached = walkDescription(api, rootOf(api), keys);
  return reached.walked === keys.length ? reached.node : undefined;
}

/** The same keys on both sides. */
const both = (keys: Key[]) => ({ oldKeys: keys, newKeys: keys });
const onlyOn = (side: Side, keys: Key[]) => ({ [`${side}Keys`]: keys });
const sideOf = (diff: Diff): Side => (diff.action === 'remove' ? 'old' : 'new');
const verb = (diff: Diff) => (diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed');

function readOperationPart(diff: Diff, rest: Key[], endpoint: Endpoint): Reading[] {
  const [part, ...inside] = rest;
  const { keys, isWebhook } = endpoint;
  const what = isWebhook ? 'webhook' : 'operation';
  const target: ChangeTarget = { kind: 'operation' };
  if (part === undefined) {
    if (diff.action === 'add')
      return [
        { target, rule: isWebhook ? 'webhook-added' : 'endpoint-added', message: `added the ${what}`, newKeys: keys },
      ];
    if (diff.action !== 'remove') return [];
    const wasDeprecated = Boolean(nodeAt(endpoint.compared.old, keys)?.deprecated);
    const rule = isWebhook
      ? 'webhook-removed'
      : wasDeprecated
        ? 'api-removed-with-deprecation'
        : 'api-removed-without-deprecation';
    return [{ target, rule, message: `removed the ${wasDeprecated ? 'deprecated ' : ''}${what}`, oldKeys: keys }];
  }
  if (part === 'deprecated' && inside.length === 0) {
    const now = Boolean(diff.after);
    return [
      {
        target,
        rule: now ? 'endpoint-deprecated' : 'endpoint-reactivated',
        message: now ? `deprecated the ${what}` : `the ${what} is no longer deprecated`,
        ...both([...keys, 'deprecated']),
      },
    ];
  }
  if (part === 'parameters') return readParameter(diff, inside, endpoint);
  if (part === 'requestBody') return readRequestBody(diff, inside, endpoint);
  if (part === 'responses') return readResponse(diff, inside, endpoint);
  if (part === 'security') return readSecurity(diff, inside, 'api-security', [...keys, 'security']);
  return [genericReading(diff, target, `the ${what}`, [...keys, ...rest])];
}

/** A parameter as the library compares it, and where it is written on one side. */
interface ParameterEntry {
  parameter: any;
  /** Keys from the root: the operation's own parameters come first, then its path item's, as api-smart-diff joins them. */
  keys: Key[];
}

function parameterEntries(endpoint: Endpoint, side: Side): ParameterEntry[] {
  const api = endpoint.compared[side];
  return [endpoint.keys, endpoint.itemKeys].flatMap((holder) => {
    const list = nodeAt(api, [...holder, 'parameters']);
    return Array.isArray(list)
      ? list.map((_, index) => ({
          keys: [...holder, 'parameters', index],
          parameter: nodeAt(api, [...holder, 'parameters', index]),
        }))
      : [];
  });
}

function readParameter(diff: Diff, [index, ...inside]: Key[], endpoint: Endpoint): Reading[] {
  if (index === undefined) {
    // The operation had no parameters, or has none now: one change per parameter.
    const list: unknown[] = (diff.action === 'add' ? diff.after : diff.before) ?? [];
    return list.flatMap((parameter, position) =>
      readParameter(
        {
          ...diff,
          after: diff.action === 'add' ? parameter : undefined,
          before: diff.action === 'add' ? undefined : parameter,
        },
        [position],
        endpoint,
      ),
    );
  }
  const entries = { old: parameterEntries(endpoint, 'old'), new: parameterEntries(endpoint, 'new') };
  // The one added or removed is the diff's value (resolved: it may be a `$ref`); any other, the one at `index` of the old list.
  const side: Side = inside.length === 0 ? sideOf(diff) : 'old';
  const written = side === 'new' ? diff.after : diff.before;
  const found =
    inside.length === 0 && diff.action !== 'replace'
      ? entries[side].find(
          (entry) =>
            isDeepStrictEqual(entry.parameter, written) ||
            isDeepStrictEqual(nodeAt(endpoint.compared[side], entry.keys.slice(0, -1))?.[entry.keys.at(-1)!], written),
        )
      : entries.old[Number(index)];
  const parameter = found?.parameter;
  if (typeof parameter?.name !== 'string') return [];
  const same = (entry: ParameterEntry) =>
    entry.parameter?.name === parameter.name && entry.parameter?.in === parameter.in;
  const keysOn = (on: Side, rest: Key[]) => {
    const entry = entries[on].find(same);
    return entry && [...entry.keys, ...rest];
  };
  const keys = (rest: Key[]) => ({ oldKeys: keysOn('old', rest), newKeys: keysOn('new', rest) });
  const target: ChangeTarget = { kind: 'parameter', name: parameter.name, in: String(parameter.in) };
  const where = `${parameter.in} parameter ${parameter.name}`;
  if (inside.length === 0) {
    if (diff.action === 'add') {
      const required = Boolean(parameter.required);
      return [
        {
          target,
          rule: required ? 'new-required-request-parameter' : 'new-optional-request-parameter',
          message: `added the ${required ? 'required' : 'optional'} ${where}`,
          newKeys: keysOn('new', []),
        },
      ];
    }
    if (diff.action === 'remove')
      return [
        { target, rule: 'request-parameter-removed', message: `removed the ${where}`, oldKeys: keysOn('old', []) },
      ];
    return [];
  }
  const [aspect, ...schemaKeys] = inside;
  if (aspect === 'required' && schemaKeys.length === 0) {
    const now = Boolean(diff.after);
    return [
      {
        target,
        rule: `request-parameter-became-${now ? 'required' : 'optional'}`,
        message: `made the ${where} ${now ? 'required' : 'optional'}`,
        ...keys(['required']),
      },
    ];
  }
  if (aspect === 'deprecated' && schemaKeys.length === 0 && diff.after) {
    return [
      { target, rule: 'request-parameter-deprecated', message: `deprecated the ${where}`, ...keys(['deprecated']) },
    ];
  }
  if (aspect === 'schema') {
    return readSchemaChange(diff, schemaKeys, {
      target,
      describe: (property) => (property.length ? `the property ${dotted(property)} of the ${where}` : `the ${where}`),
      rulePrefix: (property) => (property.length ? 'request-parameter-property' : 'request-parameter'),
      direction: 'parameter',
      keys: (rest) => keys(['schema', ...rest]),
      compared: endpoint.compared,
    });
  }
  return [{ ...genericReading(diff, target, `the ${where}`, []), ...keys(inside) }];
}

function readRequestBody(diff: Diff, inside: Key[], endpoint: Endpoint): Reading[] {
  const at = (rest: Key[]) => [...endpoint.keys, 'requestBody', ...rest];
  const [aspect, mediaType, schema, ...schemaKeys] = inside;
  const target: ChangeTarget = { kind: 'request-body' };
  const body = endpoint.isWebhook ? 'payload' : 'request body';
  if (aspect === undefined) {
    if (diff.action === 'add') {
      const required = Boolean(nodeAt(endpoint.compared.new, at([]))?.required);
      return [
        {
          target,
          rule: `request-body-added-${required ? 'required' : 'optional'}`,
          message: `added ${required ? 'a required' : 'an optional'} ${body}`,
          newKeys: at([]),
        },
      ];
    }
    return diff.action === 'remove'
      ? [{ target, rule: 'request-body-removed', message: `removed the ${body}`, oldKeys: at([]) }]
      : [];
  }
  if (aspect === 'required' && mediaType === undefined) {
    const now = Boolean(diff.after);
    return [
      {
        target,
        rule: `request-body-became-${now ? 'required' : 'optional'}`,
        message: `made the ${body} ${now ? 'required' : 'optional'}`,
        ...both(at(['required'])),
      },
    ];
  }
  if (aspect === 'content' && typeof mediaType === 'string') {
    const withType: ChangeTarget = { kind: 'request-body', mediaType };
    if (schema === undefined && diff.action !== 'replace') {
      return [
        {
          target: withType,
          rule: `request-body-media-type-${verb(diff)}`,
          message: `${verb(diff)} the media type ${mediaType} ${diff.action === 'add' ? 'to' : 'from'} the ${body}`,
          ...onlyOn(sideOf(diff), at(['content', mediaType])),
        },
      ];
    }
    if (schema === 'schema') {
      // A webhook's payload is sent by the API: a receiver reads it as a client reads a response.
      const direction = endpoint.isWebhook ? 'response' : 'request';
      return readSchemaChange(diff, schemaKeys, {
        target: withType,
        describe: (property) =>
          property.length
            ? `the ${endpoint.isWebhook ? 'payload' : 'request'} property ${dotted(property)}`
            : `the ${body}`,
        rulePrefix: (property) => `${direction}-${property.length ? 'property' : 'body'}`,
        direction,
        keys: (rest) => both(at(['content', mediaType, 'schema', ...rest])),
        compared: endpoint.compared,
      });
    }
  }
  return [genericReading(diff, target, `the ${body}`, at(inside))];
}

function readResponse(diff: Diff, [status, aspect, name, ...inside]: Key[], endpoint: Endpoint): Reading[] {
  if (status === undefined) return [];
  const code = String(status);
  const at = (rest: Key[]) => [...endpoint.keys, 'responses', status, ...rest];
  const response = `the ${code} response`;
  if (aspect === undefined) {
    if (diff.action === 'replace') return [];
    const kind = /^2/.test(code) ? 'success' : 'non-success';
    return [
      {
        target: { kind: 'response', status: code },
        rule: `response-${kind}-status-${verb(diff)}`,
        message: `${verb(diff)} ${response}`,
        ...onlyOn(sideOf(diff), at([])),
      },
    ];
  }
  if (aspect === 'headers') {
    if (name === undefined) {
      // The response had no headers, or has none now: one change per header.
      const headers = Object.keys((diff.action === 'add' ? diff.after : diff.before) ?? {});
      return headers.flatMap((header) =>
        readResponse(
          { ...diff, after: diff.after?.[header], before: diff.before?.[header] },
          [status, 'headers', header],
          endpoint,
        ),
      );
    }
    const target: ChangeTarget = { kind: 'response-header', status: code, name: String(name) };
    const header = `the header ${String(name)}`;
    if (inside.length === 0 && diff.action === 'add')
      return [
        {
          target,
          rule: 'response-header-added',
          message: `added ${header} to ${response}`,
          newKeys: at(['headers', name]),
        },
      ];
    if (inside.length === 0 && diff.action === 'remove') {
      const required = Boolean(nodeAt(endpoint.compared.old, at(['headers', name]))?.required);
      return [
        {
          target,
          rule: `${required ? 'required' : 'optional'}-response-header-removed`,
          message: `removed ${header} from ${response}`,
          oldKeys: at(['headers', name]),
        },
      ];
    }
    if (inside.length === 1 && inside[0] === 'required' && !diff.after) {
      return [
        {
          target,
          rule: 'response-header-became-optional',
          message: `made ${header} of ${response} optional`,
          ...both(at(['headers', name, 'required'])),
        },
      ];
    }
    return [genericReading(diff, target, `${header} of ${response}`, at(['headers', name, ...inside]))];
  }
  if (aspect === 'content' && typeof name === 'string') {
    const target: ChangeTarget = { kind: 'response', status: code, mediaType: name };
    const [schema, ...schemaKeys] = inside;
    if (schema === undefined && diff.action !== 'replace') {
      return [
        {
          target,
          rule: `response-media-type-${verb(diff)}`,
          message: `${verb(diff)} the media type ${name} ${diff.action === 'add' ? 'to' : 'from'} ${response}`,
          ...onlyOn(sideOf(diff), at(['content', name])),
        },
      ];
    }
    if (schema === 'schema') {
      return readSchemaChange(diff, schemaKeys, {
        target,
        describe: (property) =>
          property.length ? `the response property ${dotted(property)} of ${response}` : `the body of ${response}`,
        rulePrefix: (property) => `response-${property.length ? 'property' : 'body'}`,
        direction: 'response',
        keys: (rest) => both(at(['content', name, 'schema', ...rest])),
        compared: endpoint.compared,
      });
    }
  }
  return [
    genericReading(
      diff,
      { kind: 'response', status: code },
      response,
      at([aspect, name, ...inside].filter((key) => key !== undefined)),
    ),
  ];
}

/** How a schema change is read in the place the schema is used. */
interface SchemaPlace {
  target: ChangeTarget;
  describe: (property: string[]) => string;
  rulePrefix: (property: string[]) => string;
  /** Who sends what the schema describes: a request's properties and a response's break clients differently. */
  direction: 'request' | 'response' | 'parameter';
  keys: (schemaKeys: Key[]) => Pick<Reading, 'oldKeys' | 'newKeys'>;
  compared: Compared;
}

/** `results[].status` from `['results', '[]', 'status']`. */
export const dotted = (property: string[]) =>
  property.reduce((text, key) => (key === '[]' ? `${text}[]` : text ? `${text}.${key}` : key), '');

/**
 * A schema's keys as a property path and what is left (`properties/results/items/properties/status/enum/3`
 * → `results[].status` and `enum/3`); `allOf`/`oneOf`/`anyOf` members are passed through.
 */
export function propertyOf(keys: readonly Key[]): { property: string[]; rest: Key[] } {
  const property: string[] = [];
  let index = 0;
  while (index < keys.length) {
    const key = keys[index];
    if (key === 'properties' && index + 1 < keys.length) {
      property.push(String(keys[index + 1]));
      index += 2;
    } else if ((key === 'items' || key === 'additionalProperties') && index + 1 < keys.length) {
      property.push(key === 'items' ? '[]' : '*');
      index++;
    } else if (
      (key === 'allOf' || key === 'oneOf' || key === 'anyOf') &&
      typeof keys[index + 1] === 'number' &&
      index + 2 < keys.length
    ) {
      index += 2;
    } else break;
  }
  return { property, rest: keys.slice(index) };
}

function readSchemaChange(diff: Diff, keys: Key[], place: SchemaPlace): Reading[] {
  const { property, rest } = propertyOf(keys);
  const withProperty = (path: string[]): ChangeTarget =>
    path.length ? ({ ...place.target, property: path } as ChangeTarget) : place.target;
  const where = place.describe(property);
  const prefix = place.rulePrefix(property);
  const [aspect, item] = rest;
  const isBody = place.direction !== 'parameter';
  // A property added or removed: `…/properties/name` itself.
  if (aspect === undefined && keys.at(-2) === 'properties' && diff.action !== 'replace' && isBody) {
    const side = sideOf(diff);
    const parent = nodeAt(place.compared[side], place.keys(keys.slice(0, -2))[`${side}Keys`] ?? []);
    const required = requiredOf(parent, place.compared[side]).includes(property.at(-1)!);
    const name = `${required ? 'required' : 'optional'}`;
    const rule =
      place.direction === 'request'
        ? diff.action === 'add'
          ? `new-${name}-request-property`
          : 'request-property-removed'
        : `response-${name}-property-${verb(diff)}`;
    const noun =
      place.direction === 'request' ? 'request' : place.target.kind === 'request-body' ? 'payload' : 'response';
    const from =
      place.target.kind === 'response'
        ? ` ${diff.action === 'add' ? 'to' : 'from'} the ${place.target.status} response`
        : '';
    return [
      {
        target: withProperty(property),
        rule,
        message: `${verb(diff)} the ${name} ${noun} property ${dotted(property)}${from}`,
        ...onlyOn(side, place.keys(keys)[`${side}Keys`] ?? []),
      },
    ];
  }
  if (aspect === 'required' && isBody && diff.action !== 'replace') {
    const names: unknown[] =
      item === undefined
        ? ((diff.action === 'add' ? diff.after : diff.before) ?? [])
        : [diff.action === 'add' ? diff.after : diff.before];
    return names.flatMap((name, index) => {
      if (typeof name !== 'string') return [];
      // A property added as required (or removed with its requirement) is one change, read from its `properties` diff.
      const other: Side = diff.action === 'add' ? 'old' : 'new';
      const schema = nodeAt(
        place.compared[other],
        place.keys(keys.slice(0, -1 - Number(item !== undefined)))[`${other}Keys`] ?? [],
      );
      if (!propertiesOf(schema, place.compared[other]).includes(name)) return [];
      const now = diff.action === 'add';
      const path = [...property, name];
      const target = place.direction === 'request' ? 'request' : 'response';
      return [
        {
          target: withProperty(path),
          rule: `${target}-property-became-${now ? 'required' : 'optional'}`,
          message: `made the ${place.direction === 'request' ? 'request' : 'response'} property ${dotted(path)} ${now ? 'required' : 'optional'}`,
          property: name,
          value: name,
          ...place.keys(item === undefined ? [...keys, index] : keys),
        },
      ];
    });
  }
  if (aspect === 'enum' && item !== undefined && diff.action !== 'replace') {
    const value = diff.action === 'add' ? diff.after : diff.before;
    return [
      {
        target: withProperty(property),
        rule: `${prefix}-enum-value-${verb(diff)}`,
        message: `${verb(diff)} the value ${json(value)} ${diff.action === 'add' ? 'to' : 'from'} ${where}`,
        value,
        ...place.keys(keys),
      },
    ];
  }
  const nullable =
    (aspect === 'nullable' && item === undefined) ||
    (aspect === 'type' && item !== undefined && (diff.after === 'null' || diff.before === 'null'));
  if (nullable && diff.action !== 'replace') {
    const now = aspect === 'nullable' ? Boolean(diff.after) : diff.action === 'add';
    return [
      {
        target: withProperty(property),
        rule: `${prefix}-became-${now ? 'nullable' : 'not-nullable'}`,
        message: `made ${where} ${now ? 'nullable' : 'not nullable'}`,
        ...place.keys(keys),
      },
    ];
  }
  if (aspect === 'type') {
    return [
      {
        target: withProperty(property),
        rule: `${prefix}-type-changed`,
        message: `changed the type of ${where}`,
        value: diff.after,
        previous: diff.before,
        ...place.keys(keys),
      },
    ];
  }
  if (aspect === 'deprecated' && item === undefined && diff.after) {
    return [
      {
        target: withProperty(property),
        rule: `${prefix}-deprecated`,
        message: `deprecated ${where}`,
        ...place.keys(keys),
      },
    ];
  }
  return [{ ...genericReading(diff, withProperty(property), where, []), ...place.keys(keys) }];
}

/** The names a schema requires, its `allOf` parts' included. */
function requiredOf(schema: any, api: OpenApiModel): string[] {
  return [
    ...(Array.isArray(schema?.required) ? schema.required : []),
    ...partsOf(schema, api).flatMap((part) => requiredOf(part, api)),
  ];
}

/** The names of a schema's properties, its `allOf` parts' included. */
function propertiesOf(schema: any, api: OpenApiModel): string[] {
  return [...Object.keys(schema?.properties ?? {}), ...partsOf(schema, api).flatMap((part) => propertiesOf(part, api))];
}

const partsOf = (schema: any, api: OpenApiModel): any[] =>
  Array.isArray(schema?.allOf)
    ? schema.allOf.map((part: any) => walkDescription(api, { node: part, part: '', pointer: '' }, []).node)
    : [];

function readSecurity(
  diff: Diff,
  [index, scheme, scope]: Key[],
  prefix: 'api-security' | 'api-global-security',
  keys: Key[],
): Reading[] {
  if (diff.action === 'replace') return [genericReading(diff, { kind: 'security' }, 'the security requirements', keys)];
  const side = sideOf(diff);
  const value = diff.action === 'add' ? diff.after : diff.before;
  const whose = prefix === 'api-security' ? 'the operation' : 'the API';
  if (index === undefined) {
    // Security added or removed whole: one change per requirement.
    return (Array.isArray(value) ? value : []).flatMap((requirement, position) =>
      readSecurity(
        {
          ...diff,
          after: diff.action === 'add' ? requirement : undefined,
          before: diff.action === 'add' ? undefined : requirement,
        },
        [position],
        prefix,
        keys,
      ),
    );
  }
  if (scope !== undefined) {
    return [
      {
        target: { kind: 'security', scheme: String(scheme) },
        rule: `${prefix}-scope-${verb(diff)}`,
        message: `${verb(diff)} the scope ${String(value)} ${diff.action === 'add' ? 'to' : 'from'} the security requirement ${String(scheme)} of ${whose}`,
        value,
        ...onlyOn(side, [...keys, index, scheme]),
      },
    ];
  }
  const requirement: Record<string, unknown> = scheme === undefined ? (value ?? {}) : { [scheme]: value };
  const described =
    Object.entries(requirement)
      .map(([name, scopes]) => (Array.isArray(scopes) && scopes.length ? `${name} (${scopes.join(', ')})` : name))
      .join(' and ') || 'none';
  const schemeName = scheme === undefined ? Object.keys(requirement).join(' and ') : String(scheme);
  return [
    {
      target: { kind: 'security', scheme: schemeName || undefined },
      rule: `${prefix}-${verb(diff)}`,
      message: `${verb(diff)} the security requirement ${described} ${diff.action === 'add' ? 'to' : 'from'} ${whose}`,
      ...onlyOn(side, scheme === undefined ? [...keys, index] : [...keys, index, scheme]),
    },
  ];
}

function readSecurityScheme(diff: Diff): Reading {
  const [, , name, ...inside] = diff.path as Key[];
  const target: ChangeTarget = { kind: 'security', scheme: String(name) };
  const keys: Key[] = ['components', 'securitySchemes', name];
  if (inside.length === 0 && diff.action !== 'replace') {
    return {
      target,
      rule: `api-security-component-${verb(diff)}`,
      message: `${verb(diff)} the security scheme ${String(name)}`,
      ...onlyOn(sideOf(diff), keys),
    };
  }
  return genericReading(diff, target, `the security scheme ${String(name)}`, [...keys, ...inside]);
}

/** A change no named rule covers: the library's classification, described by its keyword. */
function genericReading(diff: Diff, target: ChangeTarget, where: string, keys: Key[]): Reading {
  const last = [...diff.path].reverse().find((key) => typeof key === 'string');
  const what =
    diff.action === 'replace'
      ? `changed ${String(last)} of ${where}`
      : `${verb(diff)} ${String(last)} ${diff.action === 'add' ? 'to' : 'from'} ${where}`;
  return { target, rule: libraryRule, message: what, value: diff.after, previous: diff.before, ...both(keys) };
}

const json = (value: unknown) => JSON.stringify(value);

/** The reading as a change of the model: classified, located on each side, and tied to the named schema it is in. */
function changeOf(diff: Diff, reading: Reading, subject: ChangeSubject, compared: Compared): ApiChange {
  const shownIn = sideOf(diff);
  const reach = (side: Side) => {
    let keys = reading[`${side}Keys`];
    if (!keys) return undefined;
    // An item added to a list is at the library's merged index: find it by value in the new list.
    if (side === 'new' && diff.action === 'add' && typeof keys.at(-1) === 'number') {
      const list = nodeAt(compared.new, keys.slice(0, -1));
      const index = Array.isArray(list) ? list.findIndex((item) => isDeepStrictEqual(item, diff.after)) : -1;
      if (index !== -1) keys = [...keys.slice(0, -1), index];
    }
    return walkDescription(compared[side], rootOf(compared[side]), keys);
  };
  const old = reach('old');
  const next = reach('new');
  const shown = shownIn === 'old' ? old : next;
  const complete = shown && shown.walked === reading[`${shownIn}Keys`]?.length;
  const named = complete ? shown.schema : undefined;
  // A rule read from the place (`response-body-enum-value-added`) that no oasdiff check names is the library's.
  const rule = isNamedRule(reading.rule) ? reading.rule : libraryRule;
  return {
    subject,
    target: reading.target,
    rule,
    ...classifyChange(rule, diff.type),
    message: reading.message,
    shownIn,
    ...(named
      ? {
          schema: {
            name: named.name,
            anchor: schemaAnchor(named.name),
            property: [...propertyOf(named.keys).property, ...(reading.property ? [reading.property] : [])],
          },
        }
      : {}),
    ...(reading.value === undefined ? {} : { value: json(reading.value) }),
    ...(reading.previous === undefined ? {} : { previous: json(reading.previous) }),
    pointer: diff.path.map((key) => `/${pointerKey(String(key))}`).join(''),
    ...(old ? { oldLocation: locationOf(compared.old, old) } : {}),
    ...(next ? { newLocation: locationOf(compared.new, next) } : {}),
  };
}
