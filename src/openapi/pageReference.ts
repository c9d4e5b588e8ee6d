import type {
  ApiBody,
  ApiOperation,
  ApiPageView,
  ApiReferenceData,
  ApiWebhook,
  ReferencePage,
  SchemaNode,
} from '../model/apiReference.ts';
import { fragmentHref } from '../model/apiAnchors.ts';
import { headingsLifted, itemHeadingLevel } from '../model/apiReference.ts';
import { buildApiReference, type ReferenceOptions } from './buildReference.ts';
import { claimApiPageIds, claimPageFragmentIds, takenIds } from './claimApiPageIds.ts';
import { decodedFragment } from '../html/claimFragmentIds.ts';
import type { OpenApiModel } from './openApiModel.ts';
import type { RenderFragment } from './operationParts.ts';
import { schemaTreesOf, sharedOutline } from './referenceOutline.ts';
import { keptOutline, type SharedOutline } from './sharedOutline.ts';

/**
 * What one page of the reference shows, built and rendered on its own: the whole reference (a
 * small API's one page), or a split reference's overview, tag, webhooks or schemas part. A part
 * takes from the outline of the whole what it shares with the other pages: the anchors, the
 * names of schemas only a `$ref` reaches, and the page each schema is on, so that every page
 * renders alike whichever thread builds it, and none renders another's Markdown.
 */
export async function pageReference(
  api: OpenApiModel,
  render: RenderFragment,
  options: ReferenceOptions,
  page: ReferencePage,
  pages: ApiPageView['pages'],
): Promise<ApiReferenceData> {
  // The samples made for the outline the pages were planned from, where this thread has it.
  // And its schema trees, which this page takes instead of walking its schemas again.
  if (page.kind === 'whole')
    return claimApiPageIds(
      (
        await buildApiReference(api, render, {
          ...options,
          samples: keptOutline(api)?.samples,
          trees: schemaTreesOf(api),
        })
      ).reference,
    );
  const outline = await sharedOutline(api);
  const { reference } = await buildApiReference(
    api,
    linkingAnchorsOfOtherPages(liftingHeadings(render, page), outline, page, pages),
    { ...options, samples: outline.samples, trees: schemaTreesOf(api) },
    page,
    outline.unnamed,
  );
  return claimPageFragmentIds(
    linkSchemasTo(withOutlineAnchors(reference, outline, page), outline, pages),
    takenIds(outline),
  );
}

/**
 * The description's Markdown rendered with its headings as many levels up as the page lifts its
 * own (headingsLifted): under a split reference's tag title, now the page's `h1`, and its
 * operations' `h2`, a description's `##` is an `h2` and an `h3`, as it was an `h3` and an `h4` on one page.
 */
function liftingHeadings(render: RenderFragment, page: ReferencePage): RenderFragment {
  const lift = headingsLifted(page.kind);
  if (lift === 0) return render;
  return (markdown, headingsBelow = itemHeadingLevel) => render(markdown, headingsBelow - lift);
}

/** The part with the anchors its items have in the whole reference (where two names made one anchor, the second took `-1`). */
function withOutlineAnchors(part: ApiReferenceData, reference: SharedOutline, page: ReferencePage): ApiReferenceData {
  const from = page.range?.[0] ?? 0;
  const anchored = <T extends { anchor: string; titleId?: string }>(
    item: T,
    of: { anchor: string; titleId?: string },
  ): T => ({ ...item, anchor: of.anchor, ...(of.titleId === undefined ? {} : { titleId: of.titleId }) });
  return {
    ...part,
    tags: part.tags.map((tag) => {
      const whole = reference.tags.find((candidate) => candidate.name === tag.name)!;
      return {
        ...anchored(tag, whole),
        operations: tag.operations.map((operation, index) => anchored(operation, whole.operations[from + index])),
      };
    }),
    webhooks: part.webhooks.map((webhook, index) => anchored(webhook, reference.webhooks[from + index])),
    schemas: part.schemas.map((schema, index) => anchored(schema, reference.schemas[from + index])),
  };
}

/** The part with its links to schemas pointing at each schema's own page. */
function linkSchemasTo(part: ApiReferenceData, outline: SharedOutline, pages: ApiPageView['pages']): ApiReferenceData {
  const hrefs = schemaHrefs(outline, pages);
  const relink = (node: SchemaNode): SchemaNode => ({
    ...node,
    refHref: node.refHref && `${hrefs.get(node.refHref) ?? ''}${node.refHref}`,
    children: node.children.map(relink),
  });
  const body = (of: ApiBody): ApiBody => ({ ...of, schema: relink(of.schema) });
  const endpoint = <T extends ApiOperation | ApiWebhook>(of: T): T => ({
    ...of,
    parameters: of.parameters.map((parameter) => ({ ...parameter, schema: relink(parameter.schema) })),
    requestBodies: of.requestBodies.map(body),
    responses: of.responses.map((response) => ({ ...response, bodies: response.bodies.map(body) })),
  });
  return {
    ...part,
    tags: part.tags.map((tag) => ({ ...tag, operations: tag.operations.map(endpoint) })),
    webhooks: part.webhooks.map(endpoint),
    schemas: part.schemas.map((schema) => ({ ...schema, node: relink(schema.node) })),
  };
}

/** The page of each schema, by the link to its section (`#schema/Bundle` → `/api/schemas/2/`). */
function schemaHrefs(outline: SharedOutline, pages: ApiPageView['pages']): Map<string, string> {
  const onPages = anchorHrefs(outline, pages);
  return new Map(
    outline.schemas.map((schema) => [
      fragmentHref(schema.anchor),
      onPages.get(schema.anchor) ?? pages[pages.length - 1].href,
    ]),
  );
}

/**
 * The description's Markdown rendered with its links to an anchor of the reference (`#tag/Domains`,
 * `#operation/create_domain`, as an author writes them for a reference on one page) made to lead
 * to the page that holds it when that is another page: on a split reference the anchor was looked
 * for on the page the description is shown on, and led nowhere (DigitalOcean's links between tags).
 * A link to an anchor the reference does not have (the author's own site's) is left as written.
 */
function linkingAnchorsOfOtherPages(
  render: RenderFragment,
  outline: SharedOutline,
  page: ReferencePage,
  pages: ApiPageView['pages'],
): RenderFragment {
  const pagesOf = anchorHrefs(outline, pages);
  const own = pages.find((candidate) => candidate.route === page.route)?.href;
  const relink = (html: string) =>
    html.replace(/ href="(#[^"]*)"/g, (whole, written: string) => {
      const href = pagesOf.get(decodedFragment(written.replace(/&amp;/g, '&')));
      return href === undefined || href === own ? whole : ` href="${href}${written}"`;
    });
  return async (markdown, headingsBelow) => relink(await render(markdown, headingsBelow));
}

/**
 * The route a description's link to an anchor (`#operation/x`) leads to from `page`, as its HTML
 * does: the page that holds the anchor when a split reference put it on another one
 * (linkingAnchorsOfOtherPages), else the page itself.
 */
export async function anchorLinkRoutes(
  api: OpenApiModel,
  page: ReferencePage,
  pages: ApiPageView['pages'],
): Promise<(written: string) => string> {
  if (page.kind === 'whole') return () => page.route;
  const onPages = anchorsOnPages(await sharedOutline(api), pages);
  return (written) => pages[onPages[decodedFragment(written)] ?? -1]?.route ?? page.route;
}

const anchorPageHrefs = new WeakMap<SharedOutline, Map<string, Map<string, string>>>();

/** The page of each tag (its first), operation, webhook and schema of a split reference, by anchor, worked out once per outline and page list. */
function anchorHrefs(outline: SharedOutline, pages: ApiPageView['pages']): Map<string, string> {
  let byPages = anchorPageHrefs.get(outline);
  if (!byPages) anchorPageHrefs.set(outline, (byPages = new Map()));
  const key = pages.map((page) => page.href).join('\n');
  let hrefs = byPages.get(key);
  if (!hrefs) {
    hrefs = new Map();
    for (const [anchor, index] of Object.entries(anchorsOnPages(outline, pages)))
      if (pages[index] !== undefined) hrefs.set(anchor, pages[index].href);
    byPages.set(key, hrefs);
  }
  return hrefs;
}

/** Each item's page in a split reference, by anchor: what `range` each page has says where an item falls. */
function pagesByAnchor(reference: SharedOutline, pages: ApiPageView['pages']): Map<string, number> {
  const byAnchor = new Map<string, number>();
  for (const [index, page] of pages.entries()) {
    const [from, to] = page.range ?? [0, Infinity];
    const items =
      page.kind === 'tag'
        ? (reference.tags.find((tag) => tag.name === page.tag)?.operations ?? [])
        : page.kind === 'webhooks'
          ? reference.webhooks
          : page.kind === 'schemas'
            ? reference.schemas
            : [];
    for (const item of items.slice(from, to)) byAnchor.set(item.anchor, index);
  }
  return byAnchor;
}

/** The page each tag, operation, webhook and schema of a split reference is on, by its anchor (the overview forwards old links with it). */
export async function anchorPages(api: OpenApiModel, pages: ApiPageView['pages']): Promise<Record<string, number>> {
  return anchorsOnPages(await sharedOutline(api), pages);
}

function anchorsOnPages(reference: SharedOutline, pages: ApiPageView['pages']): Record<string, number> {
  const anchors = Object.fromEntries(pagesByAnchor(reference, pages));
  // A tag's anchor goes to its first page.
  for (const tag of reference.tags)
    anchors[tag.anchor] = pages.findIndex((page) => page.kind === 'tag' && page.tag === tag.name);
  return anchors;
}
