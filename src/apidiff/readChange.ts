import { isDeepStrictEqual } from 'node:util';
import type { Diff } from 'api-smart-diff';
import type { ApiChange, ChangeSubject, ChangeTarget } from '../model/apiChanges.ts';
import { operationAnchor, operationIdOf, schemaAnchor, webhookAnchor } from '../model/apiAnchors.ts';
import { methods, pointerKey } from '../openapi/openApiModel.ts';
import { operationGroup } from '../openapi/operationGroup.ts';
import { classifyChange, isNamedRule, libraryRule } from './changeRules.ts';
import {
  both,
  eachItem,
  genericReading,
  json,
  nodeAt,
  onlyOn,
  sideOf,
  verb,
  type Compared,
  type Key,
  type Reading,
  type Side,
} from './reading.ts';
import { dotted, propertyOf, readSchemaChange } from './readSchemaChange.ts';
import { readSecurity, readSecurityScheme } from './readSecurityChange.ts';
import { locationOf, rootOf, walkDescription } from './walkDescription.ts';

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
    tag: operationGroup(operation, name),
    summary,
  };
}

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
    return eachItem(diff, (parameter, position) => readParameter(parameter, [position], endpoint));
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
