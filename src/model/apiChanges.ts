/**
 * What changed between two OpenAPI descriptions, classified: the data `docsgen api diff` prints
 * and the site renders (the changelog page, its Atom feed, the reference's "New in" and "Changed
 * in" marks). Built by src/apidiff; plain data, so templates import it as they do apiReference.ts.
 */

/** Where a change is written: a file of the description, 1-based line and column. */
export interface ChangeLocation {
  file: string;
  line?: number;
  column?: number;
}

/** Breaking: a client (or, for a webhook, a receiver) written against the old description may fail against the new one. */
export type ChangeClass = 'breaking' | 'non-breaking';

/** What a change concerns: an operation, a webhook, or the API as a whole (global security, security schemes). */
export type ChangeSubject =
  | {
      kind: 'operation';
      /** The operationId, or `method-path` where there is none: the id the reference gives it. */
      id: string;
      /** Its anchor in the reference (`operation/createBundle`), from the reference's own function. */
      anchor: string;
      method: string;
      path: string;
      /** Its first tag (`Other` without one): the page that shows it in a split reference. */
      tag: string;
      summary?: string;
    }
  | { kind: 'webhook'; name: string; anchor: string; method: string; summary?: string }
  | { kind: 'api' };

/**
 * The part of the subject that changed. `property` is the path of a schema property from the
 * body's (or parameter's) schema: `['results', '[]', 'status']` for `results[].status`.
 */
export type ChangeTarget =
  | { kind: 'operation' }
  | { kind: 'parameter'; name: string; in: string; property?: string[] }
  | { kind: 'request-body'; mediaType?: string; property?: string[] }
  | { kind: 'response'; status: string; mediaType?: string; property?: string[] }
  | { kind: 'response-header'; status: string; name: string }
  | { kind: 'security'; scheme?: string };

/** A named schema (`components/schemas`) that holds the changed property or enum, for marks on the schema's own section. */
export interface ChangedSchema {
  name: string;
  anchor: string;
  /** The property's path inside that schema (empty when the change is to the schema itself, its enum for one). */
  property: string[];
}

/** One change between the two descriptions: what it concerns, what it is, its class, and where it is written. */
export interface ApiChange {
  subject: ChangeSubject;
  target: ChangeTarget;
  /** The rule the change falls under, named as oasdiff names its checks (`request-parameter-became-required`). */
  rule: string;
  classification: ChangeClass;
  /** What changed, in a sentence's words: `made the query parameter status required`. */
  message: string;
  /** Which description shows the thing changed: `old` for what was removed, `new` otherwise. */
  shownIn: 'old' | 'new';
  schema?: ChangedSchema;
  /** An enum value added or removed, or the new and old value of what was replaced, as JSON. */
  value?: string;
  previous?: string;
  /** Where the change is, as a JSON pointer into the description with every `$ref` followed. */
  pointer: string;
  /** Where it is written in the old and the new description's files. */
  oldLocation?: ChangeLocation;
  newLocation?: ChangeLocation;
  /** Set when the diff library classified the change otherwise, with the published rule that decides. */
  overrides?: { library: string; because: string };
}

/** Every change from one description to the next, with how many are breaking. */
export interface ApiChangeSet {
  /** The root files (or, once versions exist, the labels) compared. */
  old: string;
  new: string;
  breaking: number;
  nonBreaking: number;
  /** In the order operations appear in the new description (removed ones where they were), then webhooks, then API-wide. */
  changes: ApiChange[];
}

/** A version as the site names it: its label and where its reference is served (`/api/`, `/api/2.9.0/`). */
export interface VersionRef {
  label: string;
  apiBase: string;
}

/**
 * What changed from one version of the API to the next, as the site shows it: the changelog
 * page's section and feed entry for `version`, and the marks on its reference.
 */
export interface VersionChanges {
  /** The newer version, whose reference shows what was added or changed. */
  version: VersionRef;
  /** The version before it, whose reference still shows what was removed. */
  previous: VersionRef;
  /** When the newer description last changed (ISO 8601), for the feed. */
  updated: string;
  set: ApiChangeSet;
}

/** The id of the changelog page's generated section; its version headings' ids start with it. */
export const changelogSectionId = 'api-changes';

/** The changes to one operation, webhook or the API as a whole, under a heading that links to it. */
export interface ChangelogGroup {
  heading: string;
  /** Its section in the reference of the version that has it: the newer one, or the older for what was removed. */
  href?: string;
  method?: string;
  changes: { classification: ChangeClass; message: string; rule: string }[];
}

/** One version's part of the changelog: its heading, what it is compared with, and its changes by subject. */
export interface ChangelogVersion {
  id: string;
  label: string;
  previous: string;
  /** The newer version's reference, and the older one's. */
  href: string;
  previousHref: string;
  updated: string;
  breaking: number;
  nonBreaking: number;
  groups: ChangelogGroup[];
}
