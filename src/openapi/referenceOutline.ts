import type {
  ApiBody,
  ApiOperation,
  ApiReferenceData,
  ApiResponse,
  ApiWebhook,
  SchemaNode,
} from '../model/apiReference.ts';
import { buildApiReference, samplesOtherThan } from './buildReference.ts';
import { claimAnchors } from './claimApiPageIds.ts';
import type { OpenApiModel } from './openApiModel.ts';
import { keepOutline, keptOutline, type OutlineAnchor, type SharedOutline } from './sharedOutline.ts';
import { changedPaths } from './changedPaths.ts';
import type { SchemaTrees } from './schemaNode.ts';
import { descriptionOperations, type DescribedOperation } from './referencePages.ts';
import { recordingMarkdown } from './markdownAhead.ts';

/**
 * The whole reference before any Markdown is rendered: what a split reference's pages are planned
 * from. Built once per description where a page plan is made (GitHub's 1,223 operations: ~1 s, most
 * of it writing the samples), where rendering it all took ~30 s; its pages take only its anchors (`sharedOutline`).
 */
export interface ReferenceOutline {
  /** Every tag, operation, webhook and schema with its anchor claimed on the whole reference; each fragment holds its Markdown, unrendered. */
  reference: ApiReferenceData;
  /** The names given to schemas that only a `$ref` reaches, which every page must link alike. */
  unnamed: ReadonlyMap<string, string>;
  /** Every operation's samples, which its page takes instead of making them again (ReferenceOptions.samples). */
  samples: Map<string, string>;
}

const building = new WeakMap<object, Promise<SharedOutline>>();

/** Whole outlines kept for the next plan (`keep`), by their description's document. */
const keptWhole = new WeakMap<object, ReferenceOutline>();

/** The outline builder's Markdown "renderer": an outline holds its Markdown unrendered. */
const unrendered = (markdown: string) => markdown;

/** Whether to keep the whole outline for the next plan, and the description this one replaces. */
export interface OutlineOptions {
  keep?: boolean;
  previous?: OpenApiModel;
  /** Told after each operation the outline walks, with how many are done of how many (the build's progress while a split reference is planned). */
  onOperation?: (done: number, total: number) => void;
}

/**
 * The reference's outline; its shared part is kept for the pages this thread (or a render thread
 * it starts) builds. With `keep` (the dev server), the whole outline is kept for the next plan,
 * and a plan given the description this one replaces (`previous`, an edit) builds again only the
 * operations the edit changed when that one's was kept (GitHub's: ~0.5 s of CPU → a few ms).
 */
export async function referenceOutline(
  api: OpenApiModel,
  { keep = false, previous, onOperation }: OutlineOptions = {},
): Promise<ReferenceOutline> {
  const kept = previous && keptWhole.get(previous.document);
  const outline =
    (kept && (await withOperationsRebuilt(api, previous!, kept))) ?? (await wholeOutline(api, onOperation));
  keepOutline(api, sharedPart(outline));
  if (keep) keptWhole.set(api.document, outline);
  return outline;
}

/** The schema trees of whole outlines, by their description's document: each page of this thread takes its own (SchemaTrees). */
const outlineTrees = new WeakMap<object, Map<string, SchemaNode | undefined>>();

/** The schema trees this thread's outline of the description walked and its pages have not yet taken, if any. */
export function schemaTreesOf(api: OpenApiModel): Extract<SchemaTrees, { take: unknown }> | undefined {
  const take = outlineTrees.get(api.document);
  return take && { take };
}

async function wholeOutline(api: OpenApiModel, onOperation: OutlineOptions['onOperation']): Promise<ReferenceOutline> {
  const samples = new Map<string, string>();
  const keep = new Map<string, SchemaNode | undefined>();
  // Its texts recorded for the description's thread to render while the pages are (markdownAhead.ts).
  const { reference, unnamed } = await buildApiReference(api, recordingMarkdown(api) ?? unrendered, {
    downloads: [],
    samples,
    trees: { keep },
    onOperation,
  });
  if (unnamed.size === 0) outlineTrees.set(api.document, keep);
  return { reference: claimAnchors(reference), unnamed, samples };
}

/**
 * The outline of `api` from `kept`, the outline of the description it replaces, when the edit
 * changed only path items (changedPaths.ts): their operations built again, each keeping the anchor
 * it had claimed, and every other item the kept one, the same object (its digest is worked out
 * once: referencePages.ts). Undefined when the edit reaches further: operations added, removed,
 * moved to another group or given another operationId, a schema that only a `$ref` names (their names
 * follow the order the whole reference meets them in); the outline is then built whole.
 */
async function withOperationsRebuilt(
  api: OpenApiModel,
  previous: OpenApiModel,
  kept: ReferenceOutline,
): Promise<ReferenceOutline | undefined> {
  const changed = changedPaths(previous, api);
  if (!changed || kept.unnamed.size > 0) return undefined;
  const before = descriptionOperations(previous);
  const after = descriptionOperations(api);
  const moved = ({ path, method, group, operation }: DescribedOperation, index: number) =>
    path !== before[index].path ||
    method !== before[index].method ||
    group !== before[index].group ||
    operation.operationId !== before[index].operation.operationId;
  if (after.length !== before.length || after.some(moved)) return undefined;
  const tags = kept.reference.tags.map((tag) => ({ ...tag, operations: [...tag.operations] }));
  // The samples of the operations built again are made again.
  const rebuilt = new Set(after.filter(({ path }) => changed.has(path)).map(({ pointer }) => pointer));
  const samples = samplesOtherThan(kept.samples, rebuilt);
  const placeInGroup = new Map<string, number>();
  for (const { path, group } of after) {
    const index = placeInGroup.get(group) ?? 0;
    placeInGroup.set(group, index + 1);
    if (!changed.has(path)) continue;
    const { reference, unnamed } = await buildApiReference(
      api,
      unrendered,
      { downloads: [], samples },
      { kind: 'tag', tag: group, range: [index, index + 1] },
      kept.unnamed,
    );
    const operations = tags.find((tag) => tag.name === group)!.operations;
    const [operation] = reference.tags.find((tag) => tag.name === group)!.operations;
    if (unnamed.size > 0) return undefined;
    const { anchor, titleId } = operations[index];
    operations[index] = { ...operation, anchor, titleId };
  }
  return { reference: { ...kept.reference, tags }, unnamed: kept.unnamed, samples };
}

/** What the pages of the reference share: kept in this thread (or handed to it by the one that planned the pages), else built. */
export async function sharedOutline(api: OpenApiModel): Promise<SharedOutline> {
  const kept = keptOutline(api);
  if (kept) return kept;
  let built = building.get(api.document);
  if (!built) {
    built = referenceOutline(api).then(sharedPart);
    building.set(api.document, built);
  }
  return built;
}

/** What the pages of a reference share, from its outline: its anchors, the names of its unnamed schemas and its samples. */
export function sharedPart({ reference, unnamed, samples }: ReferenceOutline): SharedOutline {
  const anchor = ({ anchor, titleId }: OutlineAnchor): OutlineAnchor =>
    titleId === undefined ? { anchor } : { anchor, titleId };
  return {
    tags: reference.tags.map((tag) => ({ name: tag.name, ...anchor(tag), operations: tag.operations.map(anchor) })),
    webhooks: reference.webhooks.map(anchor),
    schemas: reference.schemas.map(anchor),
    unnamed,
    samples,
  };
}

/**
 * About how many HTML elements an item of the reference makes on its page, from its outline.
 * Fitted on GitHub's reference (least squares over its 2,462 items against the built pages):
 * ~5.5 a schema property, ~4.5 a line of a highlighted example, ~3 a line of a sample, ~2.5 a
 * line of prose, ~100 an operation's frame and sample tabs.
 */
export function elementsOf(item: ApiOperation | ApiWebhook | { node: SchemaNode }): number {
  if ('node' in item) return nodeElements(item.node);
  const body = (of: ApiBody) => nodeElements(of.schema) + 4.5 * lines(of.exampleHtml);
  const response = (of: ApiResponse) =>
    2.5 * lines(of.descriptionHtml) + of.bodies.reduce((sum, each) => sum + body(each), 0);
  return Math.round(
    ('samplesHtml' in item ? 100 + 3 * lines(item.samplesHtml) : 40) +
      2.5 * lines(item.descriptionHtml) +
      item.parameters.reduce(
        (sum, parameter) => sum + 2.5 * lines(parameter.descriptionHtml) + nodeElements(parameter.schema),
        0,
      ) +
      item.requestBodies.reduce((sum, each) => sum + body(each), 0) +
      item.responses.reduce((sum, each) => sum + response(each), 0),
  );
}

function nodeElements(node: SchemaNode): number {
  return (
    5.5 +
    2.5 * lines(node.descriptionHtml) +
    (node.enumValues?.length ?? 0) +
    node.children.reduce((sum, child) => sum + nodeElements(child), 0)
  );
}

/** How many lines a text has, counted without splitting it (GitHub's 1 MB of samples and its descriptions, at every plan). */
function lines(text: string | undefined): number {
  if (!text) return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
