import type { Diff } from 'api-smart-diff';
import type { ChangeTarget } from '../model/apiChanges.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { libraryRule } from './changeRules.ts';
import { rootOf, walkDescription } from './walkDescription.ts';

/** A key of a JSON path: a name, or an index in a list. */
export type Key = string | number;
/** One of the two descriptions compared. */
export type Side = 'old' | 'new';

/** The two descriptions compared. */
export interface Compared {
  old: OpenApiModel;
  new: OpenApiModel;
}

/** What a change is, before it is classified and located. */
export interface Reading {
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

/** The node at `keys` from the root (`$ref`s followed), or undefined when the description does not hold it. */
export function nodeAt(api: OpenApiModel, keys: Key[]): any {
  const reached = walkDescription(api, rootOf(api), keys);
  return reached.walked === keys.length ? reached.node : undefined;
}

/** The same keys on both sides. */
export const both = (keys: Key[]) => ({ oldKeys: keys, newKeys: keys });
export const onlyOn = (side: Side, keys: Key[]) => ({ [`${side}Keys`]: keys });
export const sideOf = (diff: Diff): Side => (diff.action === 'remove' ? 'old' : 'new');
export const verb = (diff: Diff) =>
  diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed';

/** A diff that adds or removes a whole list, read as one diff per item: `read` is given each and its position. */
export function eachItem(diff: Diff, read: (item: Diff, position: number) => Reading[]): Reading[] {
  const adds = diff.action === 'add';
  const list: unknown = adds ? diff.after : diff.before;
  return (Array.isArray(list) ? list : []).flatMap((item, position) =>
    read({ ...diff, after: adds ? item : undefined, before: adds ? undefined : item }, position),
  );
}

/** A change no named rule covers: the library's classification, described by its keyword. */
export function genericReading(diff: Diff, target: ChangeTarget, where: string, keys: Key[]): Reading {
  const last = [...diff.path].reverse().find((key) => typeof key === 'string');
  const what =
    diff.action === 'replace'
      ? `changed ${String(last)} of ${where}`
      : `${verb(diff)} ${String(last)} ${diff.action === 'add' ? 'to' : 'from'} ${where}`;
  return { target, rule: libraryRule, message: what, value: diff.after, previous: diff.before, ...both(keys) };
}

/** A value as JSON, as the model holds values. */
export const json = (value: unknown) => JSON.stringify(value);
