import {
  apiSectionIds,
  type ApiBody,
  type ApiOperation,
  type ApiReferenceData,
  type ApiResponse,
  type ApiWebhook,
  type SchemaNode,
} from '../model/apiReference.ts';
import { PageIds } from '../html/pageIds.ts';
import { claimFragmentIds, claimLinkedFragmentIds } from '../html/claimFragmentIds.ts';
import type { SharedOutline } from './sharedOutline.ts';

/**
 * The reference with every id of `/api/` given once. The sections, tags, operations and schemas
 * keep the anchors other pages link to. Each description and sample is rendered on its own and
 * numbers its tab groups from 0, so the ids made inside one are scoped by the tag, operation or
 * schema it sits in (`operation/createBundle/tabs-0-tab-1`); those of the introduction keep
 * their slug (`#rate-limits`) unless the page already has it (`## Authentication` becomes
 * `authentication-1`, the section keeping `authentication`).
 */
export function claimApiPageIds(api: ApiReferenceData): ApiReferenceData {
  const anchored = claimAnchors(api);
  return claimPageFragmentIds(anchored, takenIds(anchored));
}

/**
 * The reference with the anchors of its tags, operations, webhooks and schemas made unique, in the
 * page's order: two operationIds may differ only in whitespace, or repeat, and the second gets `-1`.
 * A split reference claims them on the whole reference, so that each keeps its anchor on its page.
 */
export function claimAnchors(api: ApiReferenceData): ApiReferenceData {
  const ids = new PageIds();
  for (const id of Object.values(apiSectionIds)) ids.claim(id);
  const anchored = <T extends { anchor: string; titleId?: string }>(of: T): T => ({
    ...of,
    anchor: ids.claim(of.anchor),
    ...(of.titleId === undefined ? {} : { titleId: ids.claim(of.titleId) }),
  });
  return {
    ...api,
    tags: api.tags.map((tag) => ({ ...anchored(tag), operations: tag.operations.map(anchored) })),
    webhooks: api.webhooks.map(anchored),
    schemas: api.schemas.map(anchored),
  };
}

/** takenIds of each outline: claimed once, copied for each page (GitHub's: ~4,000 ids on each of 121 pages). */
const takenByOutline = new WeakMap<object, PageIds>();

/** The ids a reference's sections and anchors take, claimed before any fragment's (its anchors already unique). */
export function takenIds(api: Pick<SharedOutline, 'tags' | 'webhooks' | 'schemas'>): PageIds {
  let taken = takenByOutline.get(api);
  if (!taken) {
    taken = claimedAnchors(api);
    takenByOutline.set(api, taken);
  }
  return taken.copy();
}

function claimedAnchors(api: Pick<SharedOutline, 'tags' | 'webhooks' | 'schemas'>): PageIds {
  const ids = new PageIds();
  for (const id of Object.values(apiSectionIds)) ids.claim(id);
  const claim = (of: { anchor: string; titleId?: string }) => {
    ids.claim(of.anchor);
    if (of.titleId !== undefined) ids.claim(of.titleId);
  };
  for (const tag of api.tags) {
    claim(tag);
    tag.operations.forEach(claim);
  }
  api.webhooks.forEach(claim);
  api.schemas.forEach(claim);
  return ids;
}

/**
 * The ids inside the reference's rendered fragments claimed after `ids` (the anchors of the whole
 * reference), in the page's order, so that of two equal ids the first on the page keeps its own.
 */
export function claimPageFragmentIds(api: ApiReferenceData, ids: PageIds): ApiReferenceData {
  const page = (html: string) => claimFragmentIds(html, ids, '');
  const inScope = (scope: string) => {
    const fragment = (html: string) => claimFragmentIds(html, ids, scope);
    const optional = (html: string | undefined) => (html === undefined ? undefined : fragment(html));
    const schema = (node: SchemaNode): SchemaNode => ({
      ...node,
      descriptionHtml: optional(node.descriptionHtml),
      children: node.children.map(schema),
    });
    const body = (of: ApiBody): ApiBody => ({
      ...of,
      schema: schema(of.schema),
      exampleHtml: optional(of.exampleHtml),
    });
    const response = (of: ApiResponse): ApiResponse => {
      // One description cut in two (its first paragraph is the summary): a footnote call and its note may straddle the cut.
      const [summaryHtml, descriptionHtml] = claimLinkedFragmentIds([of.summaryHtml, of.descriptionHtml], ids, scope);
      return {
        ...of,
        summaryHtml,
        descriptionHtml,
        headers: of.headers.map((header) => ({ ...header, descriptionHtml: optional(header.descriptionHtml) })),
        bodies: of.bodies.map(body),
      };
    };
    return { fragment, optional, schema, body, response };
  };
  /** What operations and webhooks share: description, parameters, request bodies, responses. */
  const endpoint = <T extends ApiOperation | ApiWebhook>(of: T): T => {
    const { fragment, optional, schema, body, response } = inScope(of.anchor);
    return {
      ...of,
      descriptionHtml: fragment(of.descriptionHtml),
      parameters: of.parameters.map((parameter) => ({
        ...parameter,
        descriptionHtml: optional(parameter.descriptionHtml),
        schema: schema(parameter.schema),
      })),
      requestBodies: of.requestBodies.map(body),
      responses: of.responses.map(response),
    };
  };
  const operation = (of: ApiOperation): ApiOperation => ({
    ...endpoint(of),
    samplesHtml: inScope(of.anchor).fragment(of.samplesHtml),
  });
  return {
    ...api,
    descriptionHtml: page(api.descriptionHtml),
    security: api.security.map((scheme) => ({ ...scheme, descriptionHtml: page(scheme.descriptionHtml) })),
    tags: api.tags.map((tag) => ({
      ...tag,
      descriptionHtml: inScope(tag.anchor).fragment(tag.descriptionHtml),
      operations: tag.operations.map(operation),
    })),
    webhooks: api.webhooks.map(endpoint),
    schemas: api.schemas.map((schema) => ({ ...schema, node: inScope(schema.anchor).schema(schema.node) })),
  };
}
