import type { Diff } from 'api-smart-diff';
import type { ChangeTarget } from '../model/apiChanges.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import {
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
import { walkDescription } from './walkDescription.ts';

/** How a schema change is read in the place the schema is used. */
export interface SchemaPlace {
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

/** A diff inside a schema (`keys` from the schema), read in the place the schema is used. */
export function readSchemaChange(diff: Diff, keys: Key[], place: SchemaPlace): Reading[] {
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
