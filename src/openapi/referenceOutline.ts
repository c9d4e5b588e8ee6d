import type {
  ApiBody,
  ApiOperation,
  ApiReferenceData,
  ApiResponse,
  ApiWebhook,
  SchemaNode,
} from '../model/apiReference.ts';
import { buildApiReference } from './buildReference.ts';
import { claimAnchors } from './claimApiPageIds.ts';
import type { OpenApiModel } from './openApiModel.ts';

/**
 * The whole reference before any Markdown is rendered: what a split reference's pages are planned
 * from and share. Built once per thread and description (GitHub's 1,223 operations: ~0.7 s, most
 * of it writing the samples), where rendering it all took ~30 s.
 */
export interface ReferenceOutline {
  /** Every tag, operation, webhook and schema with its anchor claimed on the whole reference; each fragment holds its Markdown, unrendered. */
  reference: ApiReferenceData;
  /** The names given to schemas that only a `$ref` reaches, which every page must link alike. */
  unnamed: ReadonlyMap<string, string>;
}

const outlines = new WeakMap<object, Promise<ReferenceOutline>>();

/** The reference's outline, built on first use and kept for as long as its description is. */
export function referenceOutline(api: OpenApiModel): Promise<ReferenceOutline> {
  let outline = outlines.get(api.document);
  if (!outline) {
    outline = buildApiReference(api, async (markdown) => markdown, { downloads: [] }).then(
      ({ reference, unnamed }) => ({ reference: claimAnchors(reference), unnamed }),
    );
    outlines.set(api.document, outline);
  }
  return outline;
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

const lines = (text: string | undefined) => (text ? text.split('\n').length : 0);
