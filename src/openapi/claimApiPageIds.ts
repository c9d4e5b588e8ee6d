import { apiSectionIds, type ApiBody, type ApiOperation, type ApiReferenceData, type ApiResponse, type ApiWebhook, type SchemaNode } from '../model/apiReference.ts';
import { PageIds } from '../html/pageIds.ts';
import { claimFragmentIds } from '../html/claimFragmentIds.ts';

/**
 * The reference with every id of `/api/` given once. The sections, tags, operations and schemas
 * keep the anchors other pages link to. Each description and sample is rendered on its own and
 * numbers its tab groups from 0, so the ids made inside one are scoped by the tag, operation or
 * schema it sits in (`operation/createBundle/tabs-0-tab-1`); those of the introduction keep
 * their slug (`#rate-limits`) unless the page already has it (`## Authentication` becomes
 * `authentication-1`, the section keeping `authentication`).
 */
export function claimApiPageIds(api: ApiReferenceData): ApiReferenceData {
  const ids = new PageIds();
  for (const id of Object.values(apiSectionIds)) ids.claim(id);
  // Two operationIds may differ only in whitespace, or repeat: the second gets `-1`.
  const anchored = <T extends { anchor: string; titleId?: string }>(of: T): T => ({ ...of, anchor: ids.claim(of.anchor), ...(of.titleId === undefined ? {} : { titleId: ids.claim(of.titleId) }) });
  api = {
    ...api,
    tags: api.tags.map((tag) => ({ ...anchored(tag), operations: tag.operations.map(anchored) })),
    webhooks: api.webhooks.map(anchored),
    schemas: api.schemas.map(anchored),
  };

  const page = (html: string) => claimFragmentIds(html, ids, '');
  const inScope = (scope: string) => {
    const fragment = (html: string) => claimFragmentIds(html, ids, scope);
    const optional = (html: string | undefined) => (html === undefined ? undefined : fragment(html));
    const schema = (node: SchemaNode): SchemaNode => ({ ...node, descriptionHtml: optional(node.descriptionHtml), children: node.children.map(schema) });
    const body = (of: ApiBody): ApiBody => ({ ...of, schema: schema(of.schema), exampleHtml: optional(of.exampleHtml) });
    const response = (of: ApiResponse): ApiResponse => ({
      ...of,
      summaryHtml: fragment(of.summaryHtml),
      descriptionHtml: fragment(of.descriptionHtml),
      headers: of.headers.map((header) => ({ ...header, descriptionHtml: optional(header.descriptionHtml) })),
      bodies: of.bodies.map(body),
    });
    return { fragment, optional, schema, body, response };
  };
  /** What operations and webhooks share: description, parameters, request bodies, responses. */
  const endpoint = <T extends ApiOperation | ApiWebhook>(of: T): T => {
    const { fragment, optional, schema, body, response } = inScope(of.anchor);
    return {
      ...of,
      descriptionHtml: fragment(of.descriptionHtml),
      parameters: of.parameters.map((parameter) => ({ ...parameter, descriptionHtml: optional(parameter.descriptionHtml), schema: schema(parameter.schema) })),
      requestBodies: of.requestBodies.map(body),
      responses: of.responses.map(response),
    };
  };
  const operation = (of: ApiOperation): ApiOperation => ({ ...endpoint(of), samplesHtml: inScope(of.anchor).fragment(of.samplesHtml) });
  // In the page's order, so that of two equal ids the first on the page keeps its own.
  return {
    ...api,
    descriptionHtml: page(api.descriptionHtml),
    security: api.security.map((scheme) => ({ ...scheme, descriptionHtml: page(scheme.descriptionHtml) })),
    tags: api.tags.map((tag) => ({ ...tag, descriptionHtml: inScope(tag.anchor).fragment(tag.descriptionHtml), operations: tag.operations.map(operation) })),
    webhooks: api.webhooks.map(endpoint),
    schemas: api.schemas.map((schema) => ({ ...schema, node: inScope(schema.anchor).schema(schema.node) })),
  };
}
