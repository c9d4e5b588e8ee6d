import type { ApiOperation, ApiReferenceData, ApiWebhook, ReferencePage, SchemaNode } from '../model/apiReference.ts';
import { cachedValue } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import { methods, pointerKey, resolved, type OpenApiModel } from './openApiModel.ts';
import { operationGroup } from './operationGroup.ts';
import type { SharedOutline } from './sharedOutline.ts';
import type { OutlineOptions } from './referenceOutline.ts';

export const referenceRoute = '/api/';

/**
 * How much a page of a split reference holds: at most this many items, and about this many HTML
 * elements (elementsOf, referenceOutline.ts), which with their text makes under 50,000 DOM
 * nodes. GitHub's largest webhook payload makes ~7,700 elements on its own; its `repos` tag on
 * one page was 135,000, a page of 60 of its schemas 95,000.
 */
export const pageSizes = { operations: 30, webhooks: 30, schemas: 60, elements: 18_000 };

/** When the reference is split: above this many operations, or this many elements (its estimate) on one page. */
export interface SplitThresholds {
  splitAbove: number;
  splitAboveElements: number;
}

/**
 * The pages of the reference, under `base` (`/api/`, or `/api/<label>/` for a snapshot). Up to
 * `splitAbove` operations and `splitAboveElements` elements it is one page, `/api/`, as this site's
 * is; above either, an overview at `/api/`
 * and a page per tag (`/api/repos/`), then the webhooks' and the schemas' pages, in the order the
 * reference shows them, each cut into parts of a bounded size (`/api/repos/2/`), planned from the
 * reference's outline; with a `cacheDir`, kept in the render cache under the description's signature.
 * A tag never takes a slug in `taken`: the first segment of another version's reference below
 * `base` (`v2` of `/api/v2/`), so tag "V2" of the current version gets `/api/v2-2/`, not 2.9's route.
 * Given `later` (the dev server, which plans the pages again after each edit), a split
 * reference's outline is kept for the next plan, which takes from it what an edit of `previous`
 * (the description this one replaces) left unchanged; when the plan came from the render cache,
 * the outline is built in the work handed to `later`, after the first page is served.
 */
export async function referencePages(
  api: OpenApiModel,
  { splitAbove, splitAboveElements }: SplitThresholds,
  {
    base = referenceRoute,
    cacheDir,
    taken = [],
    later,
    previous,
    onPlan,
  }: {
    base?: string;
    cacheDir?: string;
    taken?: string[];
    later?: (work: () => Promise<void>) => void;
    previous?: OpenApiModel;
    /** Told how many operations the outline has walked, of how many, while the pages are planned (the build's progress). */
    onPlan?: (done: number, total: number) => void;
  } = {},
): Promise<ReferencePage[]> {
  const tags = operationTags(api);
  const operations = [...tags.values()].reduce((sum, count) => sum + count, 0);
  // Built at most once here, where neither the estimate nor the plan is in the render cache: both read it.
  let outline: Promise<PlanningOutline> | undefined;
  const outlined = () =>
    (outline ??= planningOutline(api, { keep: later !== undefined, previous, onOperation: onPlan }));
  if (operations <= splitAbove && (await referenceElements(api, cacheDir, outlined)) <= splitAboveElements)
    return [{ route: base, kind: 'whole', label: 'API reference' }];
  // The plan follows from the description alone: a build that finds it in the render cache needs
  // no outline (GitHub's: ~2 s of a warm build's 3.2 s CPU).
  // A page's digest keys it in the render cache and tells the dev server which pages an edit
  // changed: a build without either has no use for it (GitHub's: ~0.3 s of a cold build's CPU).
  const digests = cacheDir !== undefined || later !== undefined;
  const pages = await cachedValue(cacheDir, 'api-plan', hashOf('api-plan', api.signature, base, ...taken), async () =>
    splitPages(await outlined(), base, taken, digests),
  );
  if (later && !outline)
    later(async () => {
      await outlined();
    });
  return pages;
}

/** The reference's outline, what its pages share, and what estimates its items' elements. */
interface PlanningOutline {
  reference: ApiReferenceData;
  shared: SharedOutline;
  elementsOf: (item: ApiOperation | ApiWebhook | { node: SchemaNode }) => number;
}

async function planningOutline(api: OpenApiModel, options: OutlineOptions): Promise<PlanningOutline> {
  // The outline needs the reference's builder (an HTML parser): loaded only when the pages are planned.
  const { elementsOf, referenceOutline, sharedPart } = await import('./referenceOutline.ts');
  const outline = await referenceOutline(api, options);
  return { reference: outline.reference, shared: sharedPart(outline), elementsOf };
}

/**
 * About how many elements the whole reference makes on one page, from its outline: kept in the
 * render cache under the description's signature, as the plan is, so a warm build of a site with
 * a small reference loads no rendering code.
 */
async function referenceElements(
  api: OpenApiModel,
  cacheDir: string | undefined,
  outlined: () => Promise<PlanningOutline>,
): Promise<number> {
  return cachedValue(cacheDir, 'api-elements', hashOf('api-elements', api.signature), async () => {
    const { reference, elementsOf } = await outlined();
    const items = [...reference.tags.flatMap((tag) => tag.operations), ...reference.webhooks, ...reference.schemas];
    return items.reduce((sum, item) => sum + elementsOf(item), 0);
  });
}

/** The pages of a reference above a split threshold, planned from its outline, each but the overview with its digest when asked. */
function splitPages(
  { reference, shared, elementsOf }: PlanningOutline,
  base: string,
  reserved: string[],
  digests: boolean,
): ReferencePage[] {
  const pages: ReferencePage[] = [{ route: base, kind: 'overview', label: 'Overview' }];
  // A tag named "Webhooks" keeps `webhooks/` when the reference has no webhooks' page to give it to.
  const taken = new Set([...(reference.webhooks.length > 0 ? ['webhooks'] : []), 'schemas', ...reserved]);
  for (const tag of reference.tags) {
    const name =
      tag.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'tag';
    let slug = name;
    for (let index = 2; taken.has(slug); index++) slug = `${name}-${index}`;
    taken.add(slug);
    pages.push(
      ...inParts(
        { route: `${base}${slug}/`, kind: 'tag', label: tag.name, tag: tag.name },
        tag.operations.map(elementsOf),
        pageSizes.operations,
      ),
    );
  }
  if (reference.webhooks.length > 0)
    pages.push(
      ...inParts(
        { route: `${base}webhooks/`, kind: 'webhooks', label: 'Webhooks sent to you' },
        reference.webhooks.map(elementsOf),
        pageSizes.webhooks,
      ),
    );
  pages.push(
    ...inParts(
      { route: `${base}schemas/`, kind: 'schemas', label: 'Schemas' },
      reference.schemas.map(elementsOf),
      pageSizes.schemas,
    ),
  );
  return digests ? withDigests(pages, reference, shared) : pages;
}

/**
 * Each tag, webhooks and schemas page with the digest of what it shows from the description: its
 * items as the outline has them (built, their Markdown unrendered), with what every page shares
 * (the reference's own fields, every item's anchor, the names of unnamed schemas, the page list).
 * It keys the page in the render cache in place of the whole description's signature, so that an
 * edit renders again only the pages whose items it changed (GitHub's 119 pages: one). The overview
 * keeps the signature: the description is validated when it is rendered.
 */
function withDigests(pages: ReferencePage[], reference: ApiReferenceData, shared: SharedOutline): ReferencePage[] {
  const { tags, webhooks, schemas, ...own } = reference;
  const common = hashOf(
    'api-page-items',
    JSON.stringify(own),
    JSON.stringify({ ...shared, unnamed: [...shared.unnamed] }),
    JSON.stringify(pages),
  );
  const digestOf = (page: ReferencePage) => {
    const [from, to] = page.range ?? [0, Infinity];
    if (page.kind === 'webhooks') return hashOf(common, ...webhooks.slice(from, to).map(itemDigest));
    if (page.kind === 'schemas') return hashOf(common, ...schemas.slice(from, to).map(itemDigest));
    const { operations, ...tag } = tags.find((candidate) => candidate.name === page.tag)!;
    return hashOf(common, JSON.stringify(tag), ...operations.slice(from, to).map(itemDigest));
  };
  return pages.map((page) => (page.kind === 'overview' ? page : { ...page, digest: digestOf(page) }));
}

const itemDigests = new WeakMap<object, string>();

/**
 * The digest of an item of the outline, worked out once per item: an outline built again after
 * an edit keeps the items the edit did not change (referenceOutline.ts), so only the changed
 * ones are written out again (GitHub's 21 MB outline: 0.15–0.23 s of CPU a plan).
 */
function itemDigest(item: object): string {
  let digest = itemDigests.get(item);
  if (digest === undefined) itemDigests.set(item, (digest = hashOf(JSON.stringify(item))));
  return digest;
}

/**
 * A page cut into parts of at most `count` items and about `pageSizes.elements` elements each
 * (an item larger than that has a part of its own): `/api/repos/`, `/api/repos/2/`…, labelled
 * `repos`, `repos (2)`….
 */
function inParts(page: ReferencePage, elements: number[], count: number): ReferencePage[] {
  const ranges: [number, number][] = [];
  let from = 0;
  let size = 0;
  for (const [index, weight] of elements.entries()) {
    if (index > from && (index - from >= count || size + weight > pageSizes.elements)) {
      ranges.push([from, index]);
      from = index;
      size = 0;
    }
    size += weight;
  }
  ranges.push([from, elements.length]);
  return ranges.map((range, index) => ({
    ...page,
    route: index === 0 ? page.route : `${page.route}${index + 1}/`,
    label: index === 0 ? page.label : `${page.label} (${index + 1})`,
    range,
  }));
}

/**
 * The groups that hold operations, in the reference's order (the tags `tags:` declares, then the
 * others as operations name them or, untagged, their paths: operationGroup.ts), with how many each holds.
 */
export function operationTags(api: OpenApiModel): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tag of api.document.tags ?? []) counts.set(String(tag?.name), 0);
  for (const { group } of descriptionOperations(api)) counts.set(group, (counts.get(group) ?? 0) + 1);
  for (const [tag, count] of counts) if (count === 0) counts.delete(tag);
  return counts;
}

/** An operation of the description, where it is written, and the group it is listed under. */
export interface DescribedOperation {
  path: string;
  method: string;
  /** Its path item, a `$ref` followed. */
  item: any;
  operation: any;
  /** Its JSON pointer in the root file. */
  pointer: string;
  group: string;
}

const operationsOf = new WeakMap<object, readonly DescribedOperation[]>();

/**
 * The description's operations in the order it writes them (paths, then methods), path items and
 * operations by `$ref` followed, each with its group: listed once per description, since every
 * page of a split reference and every count of operations reads them all (Stripe's 468, untagged,
 * grouped by their paths again for each of its 81 pages took 0.1 s of CPU).
 */
export function descriptionOperations(api: OpenApiModel): readonly DescribedOperation[] {
  let operations = operationsOf.get(api.document);
  if (operations) return operations;
  const listed: DescribedOperation[] = [];
  for (const [path, rawItem] of Object.entries<any>(api.document.paths ?? {})) {
    const item = resolved(api, rawItem, `/paths/${pointerKey(path)}`);
    for (const method of methods) {
      const pointer = `/paths/${pointerKey(path)}/${method}`;
      const operation = resolved(api, item?.[method], pointer);
      if (operation) listed.push({ path, method, item, operation, pointer, group: operationGroup(operation, path) });
    }
  }
  operationsOf.set(api.document, (operations = listed));
  return operations;
}
