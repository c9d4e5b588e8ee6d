import type { SchemaNode } from '../model/apiReference.ts';
import path from 'node:path';
import { fragmentHref, schemaAnchor } from '../model/apiAnchors.ts';
import {
  locatedError,
  pointerKey,
  pointerKeys,
  refName,
  refTarget,
  resolveRef,
  splitRef,
  type OpenApiModel,
} from './openApiModel.ts';
import type { RenderFragment } from './operationParts.ts';

/**
 * How many schema nodes one reference may hold. A named schema is written out once, at its own
 * section, and linked where it is used, so this grows with the description as written: Stripe's
 * (the largest tried) holds about 60,000. Past it the build stops, located, before it runs out of memory.
 */
export const maxSchemaNodes = 1_000_000;

/** What one reference's schemas share: the nodes made so far, and the schemas named on the way. */
export interface SchemaBudget {
  nodes: number;
  /**
   * Schemas reached by a `$ref` that `components/schemas` does not name (a multi-file description's
   * `$ref: ../models/droplet.yml`), named after their file or key in the order met; each is given
   * a section of its own like a named schema, and linked like one.
   */
  unnamed: Map<string, string>;
  /** The trees of the outline a split reference is planned from, kept there and taken by its pages (SchemaTrees). */
  trees?: SchemaTrees;
}

/**
 * The tree of each body's, parameter's and named schema's schema, by where it is written and how
 * it is walked (treeKey): kept (`keep`) by the outline a split reference is planned from, which
 * walks every schema with its Markdown unrendered, and taken (`take`) once by the page that shows
 * it, which renders the Markdown of the tree instead of walking the schema again (GitHub's: the
 * walk was ~6% of a cold build's thread, half of it done twice). Only for an outline that named no
 * schema on the way (`unnamed`): a name given after a tree was walked would change how that tree
 * links, walked again on a page that knows every name.
 */
export type SchemaTrees = { keep: Map<string, SchemaNode | undefined> } | { take: Map<string, SchemaNode | undefined> };

const treeKey = (pointer: string, { required, omit }: SchemaWalk) => `${pointer}\n${omit ?? ''}\n${required}`;

export interface SchemaWalk {
  required: boolean;
  /** 0 for the schema of a body, parameter or named schema itself; its properties are at 1. */
  depth: number;
  /**
   * Properties left out: `readOnly` ones in what a client sends (request bodies, parameters),
   * `writeOnly` ones in what it receives (responses), as OpenAPI means them. A named schema's own
   * section shows them all, flagged.
   */
  omit?: 'readOnly' | 'writeOnly';
}

/** What a schema walk reads: the description, the fragment renderer, and the budget it counts against. */
type SchemaContext = { api: OpenApiModel; render: RenderFragment; budget: SchemaBudget };

// Inline objects nested deeper than this are shown by type only.
const maxInlineDepth = 8;

/**
 * The expandable tree of a schema: `allOf` merged, constraints spelled out. A `$ref` to a named
 * schema is followed at the top (a body's `Bundle` shows its properties) and further down is a
 * link to the schema's own section, so each named schema is written out once and recursive
 * schemas stay finite.
 */
export function schemaNode(
  context: SchemaContext,
  raw: any,
  pointer: string,
  walk: SchemaWalk,
  name?: string,
): Promise<SchemaNode> {
  const trees = context.budget.trees;
  const walked = () => rendering(context.render, walkSchema(context, raw, pointer, walk, name));
  if (walk.depth > 0 || !trees) return walked();
  const key = treeKey(pointer, walk);
  if ('take' in trees) {
    const tree = trees.take.get(key);
    if (tree === undefined) return walked();
    trees.take.delete(key);
    return renderedTree(context, tree, pointer);
  }
  return walked().then((node) => {
    // Two walks under one key (none known) would be told apart by nothing: neither is kept.
    trees.keep.set(key, trees.keep.has(key) ? undefined : node);
    return node;
  });
}

/**
 * A tree kept by the outline, its Markdown rendered: awaited node by node in the order the walk
 * renders it (a node's description, then its children's), so that the page's fragments and
 * their links come in the same order as when the page walked the schema itself.
 */
async function renderedTree(context: SchemaContext, tree: SchemaNode, pointer: string): Promise<SchemaNode> {
  countNode(context, pointer);
  const descriptionHtml = tree.descriptionHtml ? await context.render(tree.descriptionHtml) : undefined;
  const children: SchemaNode[] = [];
  for (const child of tree.children) children.push(await renderedTree(context, child, pointer));
  return { ...tree, descriptionHtml, children };
}

function countNode({ api, budget }: { api: OpenApiModel; budget: SchemaBudget }, pointer: string): void {
  if (++budget.nodes > maxSchemaNodes) {
    throw locatedError(
      api,
      '',
      pointer,
      `the API reference would hold more than ${maxSchemaNodes} schema nodes: the description is too large to render`,
    );
  }
}

/**
 * A schema walk under way: it gives each Markdown text it shows, in the order the tree shows them,
 * and is given back its HTML. Only those texts wait for a renderer; the outline's (the Markdown
 * as it is) waits for nothing. Walked as an async function, each of GitHub's schema nodes was an
 * await and a promise: the walk's CPU was 5.1% of its cold build's thread.
 */
type SchemaWalking = Generator<string, SchemaNode, string>;

/** Runs a schema walk, each text it gives rendered by `render`, awaited only when its HTML is not here yet. */
async function rendering(render: RenderFragment, walking: SchemaWalking): Promise<SchemaNode> {
  let step = walking.next();
  while (!step.done) {
    const html = render(step.value);
    step = walking.next(typeof html === 'string' ? html : await html);
  }
  return step.value;
}

function* walkSchema(
  context: SchemaContext,
  raw: any,
  pointer: string,
  walk: SchemaWalk,
  name?: string,
): SchemaWalking {
  const { api } = context;
  countNode(context, pointer);
  let schema = raw;
  let named: string | undefined;
  if (schema?.$ref) {
    named = nameOf(context, String(schema.$ref), walk.depth);
    schema = { ...resolveRef(api, schema.$ref, pointer), ...withoutRef(schema) };
  }
  if (Array.isArray(schema?.allOf)) schema = mergeAllOf(api, schema, pointer, []);
  const itemsName = schema?.items?.$ref ? nameOf(context, String(schema.items.$ref), walk.depth + 1) : undefined;
  const linked = named ?? (walk.depth > 0 ? itemsName : undefined);
  const node: SchemaNode = {
    name,
    type: typeLabel(schema, named, itemsName),
    refName: linked,
    refHref: linked === undefined ? undefined : fragmentHref(schemaAnchor(linked)),
    required: walk.required,
    descriptionHtml: schema?.description ? yield schema.description : undefined,
    enumValues:
      schema?.enum?.map((value: unknown) => JSON.stringify(value)) ??
      (schema?.const !== undefined ? [JSON.stringify(schema.const)] : undefined),
    defaultValue: schema?.default === undefined ? undefined : JSON.stringify(schema.default),
    constraints: constraintsOf(schema),
    pattern: typeof schema?.pattern === 'string' ? schema.pattern : undefined,
    readOnly: Boolean(schema?.readOnly),
    children: [],
  };
  if ((named !== undefined && walk.depth > 0) || walk.depth > maxInlineDepth) return node;
  const variants = schema?.oneOf ?? schema?.anyOf;
  if (Array.isArray(variants)) {
    node.variants = schema.oneOf ? 'one of' : 'any of';
    const names = discriminatorValues(schema, variants);
    for (const [index, variant] of variants.entries()) {
      const value = names[index];
      const label =
        variant?.title ??
        (value === undefined
          ? `Option ${index + 1}`
          : `${schema.discriminator.propertyName}: ${JSON.stringify(value)}`);
      node.children.push(
        yield* walkSchema(
          context,
          variant,
          `${pointer}/${schema.oneOf ? 'oneOf' : 'anyOf'}/${index}`,
          { ...walk, required: false, depth: walk.depth + 1 },
          label,
        ),
      );
    }
    if (!schema.properties) return node;
  }
  const isArray = schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'));
  // An array of a named schema links to it below the top, as the schema itself would.
  if (isArray && itemsName && walk.depth > 0) return node;
  const objectSchema = isArray ? resolveItems(api, schema.items, `${pointer}/items`) : schema;
  const required = new Set<string>(objectSchema?.required ?? []);
  for (const [key, value] of Object.entries<any>(objectSchema?.properties ?? {})) {
    if (walk.omit && (value?.$ref ? refTarget(api, value.$ref) : value)?.[walk.omit] === true) continue;
    node.children.push(
      yield* walkSchema(
        context,
        value,
        `${pointer}/properties/${key}`,
        { ...walk, required: required.has(key), depth: walk.depth + 1 },
        key,
      ),
    );
  }
  return node;
}

/**
 * The name a `$ref`'s schema is linked by: its name under `components/schemas`, or below the top a
 * name given now (a schema expanded at the top of a body needs none).
 */
function nameOf(
  { api, budget }: { api: OpenApiModel; budget: SchemaBudget },
  ref: string,
  depth: number,
): string | undefined {
  const named = schemaNames(api).get(ref) ?? budget.unnamed.get(ref);
  if (named !== undefined || depth === 0) return named;
  const { part, pointer } = splitRef(ref);
  const base = pointerKeys(pointer).pop() ?? path.posix.basename(part).replace(/\.[^.]*$/, '');
  const taken = new Set([...schemaNames(api).values(), ...budget.unnamed.values()]);
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base}-${index}`;
  budget.unnamed.set(ref, name);
  return name;
}

const namesOf = new WeakMap<object, Map<string, string>>();

/**
 * The name of each schema under `components/schemas`, by every `$ref` that reaches it: its own
 * pointer, and the file a multi-file description keeps it in (`$ref: ./models/bundle.yaml`).
 */
export function schemaNames(api: OpenApiModel): Map<string, string> {
  let names = namesOf.get(api.document);
  if (names) return names;
  names = new Map();
  for (const [name, schema] of Object.entries<any>(api.document.components?.schemas ?? {})) {
    names.set(`#/components/schemas/${pointerKey(name)}`, name);
    // Refs were checked when the description was loaded: every chain ends.
    for (let ref = schema?.$ref; typeof ref === 'string' && !names.has(ref); ref = (refTarget(api, ref) as any)?.$ref)
      names.set(ref, name);
  }
  namesOf.set(api.document, names);
  return names;
}

function withoutRef(schema: any): any {
  const { $ref: _ignored, ...rest } = schema;
  return rest;
}

function resolveItems(api: OpenApiModel, items: any, pointer: string): any {
  if (!items) return undefined;
  let resolved = items.$ref ? resolveRef(api, items.$ref, pointer) : items;
  if (Array.isArray(resolved.allOf)) resolved = mergeAllOf(api, resolved, pointer, []);
  return resolved;
}

/** One schema made of the parts of its `allOf`; a part that includes the schema itself again is refused. */
function mergeAllOf(api: OpenApiModel, schema: any, pointer: string, within: string[]): any {
  const { allOf, ...rest } = schema;
  const parts = allOf.map((part: any, index: number) => {
    const at = `${pointer}/allOf/${index}`;
    if (part?.$ref && within.includes(part.$ref)) {
      throw locatedError(
        api,
        '',
        at,
        `allOf includes ${part.$ref} inside itself (${[...within, part.$ref].join(' → ')})`,
      );
    }
    const resolved = part?.$ref ? resolveRef(api, part.$ref, at) : part;
    return Array.isArray(resolved?.allOf)
      ? mergeAllOf(api, resolved, at, part?.$ref ? [...within, part.$ref] : within)
      : resolved;
  });
  // Properties and `required` are listed in the parts' order, the schema's own last, as Redoc shows
  // them: a base first, then what extends it. A property a later part names again is the later
  // part's (it refines the base's), and the schema's own wins over every part's.
  const merged = parts.reduce((within: any, part: any) => ({ ...part, ...within }), rest);
  const inOrder = [...parts, rest];
  const properties = new Map<string, unknown>();
  for (const source of inOrder)
    for (const [name, property] of Object.entries(source?.properties ?? {})) properties.set(name, property);
  return {
    ...merged,
    properties: Object.fromEntries(properties),
    required: [...new Set(inOrder.flatMap((source) => source?.required ?? []))],
  };
}

function typeLabel(schema: any, named?: string, itemsName?: string): string {
  if (!schema) return 'any';
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  // 3.1 writes `type: [string, 'null']`, 3.0 `nullable: true`.
  const nullable = types.includes('null') || schema.nullable === true;
  const main = types.filter((type) => type !== 'null');
  let label: string;
  if (main[0] === 'array') {
    const items = schema.items ?? {};
    label = `array of ${itemsName ?? (items.$ref ? refName(String(items.$ref)) : typeLabel(items))}`;
  } else if (named && (main[0] === 'object' || main.length === 0)) {
    label = named;
  } else {
    label =
      main.join(' | ') || (schema.properties ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : 'any');
    if (schema.format) label += ` <${schema.format}>`;
  }
  return nullable ? `${label} | null` : label;
}

function constraintsOf(schema: any): string[] {
  if (!schema) return [];
  const constraints: string[] = [];
  // "at least 1 item", not "1 items": Box and DigitalOcean write `minItems: 1` 28 times.
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const of = (count: number) => (unit === '' ? `${count}` : `${count} ${unit}${count === 1 ? '' : 's'}`);
    if (min !== undefined && max !== undefined)
      constraints.push(min === max ? `exactly ${of(min)}` : `${min} to ${of(max)}`);
    else if (min !== undefined) constraints.push(`at least ${of(min)}`);
    else if (max !== undefined) constraints.push(`at most ${of(max)}`);
  };
  range(schema.minLength, schema.maxLength, 'character');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, 'item');
  if (schema.exclusiveMinimum !== undefined) constraints.push(`> ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) constraints.push(`< ${schema.exclusiveMaximum}`);
  if (schema.uniqueItems) constraints.push('unique items');
  if (schema.writeOnly) constraints.push('write-only');
  if (typeof schema.discriminator?.propertyName === 'string') {
    const variants = schema.oneOf ?? schema.anyOf ?? [];
    const names = discriminatorValues(schema, variants);
    const mapping = variants
      .map((variant: any, index: number) =>
        names[index] === undefined || !variant?.$ref
          ? undefined
          : `${JSON.stringify(names[index])} → ${refName(variant.$ref)}`,
      )
      .filter(Boolean);
    constraints.push(
      `the option is named by its ${schema.discriminator.propertyName} property${mapping.length > 0 ? `: ${mapping.join(', ')}` : ''}`,
    );
  }
  return constraints;
}

/**
 * The value of the discriminator's property that names each option, as OpenAPI says: the
 * `mapping` key whose schema (a `$ref` or a schema name) is the option's, else the name of the
 * schema the option's `$ref` points at. Undefined for an option written inline, or without a discriminator.
 */
function discriminatorValues(schema: any, variants: any[]): (string | undefined)[] {
  if (typeof schema?.discriminator?.propertyName !== 'string') return variants.map(() => undefined);
  const mapping = Object.entries<unknown>(schema.discriminator.mapping ?? {});
  return variants.map((variant) => {
    if (typeof variant?.$ref !== 'string') return undefined;
    const name = refName(variant.$ref);
    const mapped = mapping.find(([, target]) => typeof target === 'string' && refName(target) === name);
    return mapped ? mapped[0] : name;
  });
}
