import type { ReferencePage } from '../model/apiReference.ts';
import { methods, refTarget, type OpenApiModel } from './openApiModel.ts';

export const referenceRoute = '/api/';

/**
 * How much a page of a split reference holds. GitHub's description measured ~390 HTML elements an
 * operation, ~720 a webhook and ~250 a schema: these keep a page near 12,000–22,000 elements,
 * well under 50,000 DOM nodes (its `repos` tag on one page was 135,000).
 */
export const pageSizes = { operations: 30, webhooks: 30, schemas: 60 };

/**
 * The pages of the reference, under `base` (`/api/`, or `/api/<label>/` for a snapshot). Up to
 * `splitAbove` operations it is one page, `/api/`, as this site's is; above, an overview at `/api/` and a page per tag (`/api/repos/`), then the webhooks'
 * and the schemas' pages, in the order the reference shows them. Worked out from the description
 * alone, without building the reference, so routes are known at once.
 */
export function referencePages(api: OpenApiModel, splitAbove: number, base = referenceRoute): ReferencePage[] {
  const tags = operationTags(api);
  const operations = [...tags.values()].reduce((sum, count) => sum + count, 0);
  if (operations <= splitAbove) return [{ route: base, kind: 'whole', label: 'API reference' }];
  const pages: ReferencePage[] = [{ route: base, kind: 'overview', label: 'Overview' }];
  const taken = new Set(['webhooks', 'schemas']);
  for (const [tag, count] of tags) {
    const stem = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tag';
    let slug = stem;
    for (let index = 2; taken.has(slug); index++) slug = `${stem}-${index}`;
    taken.add(slug);
    pages.push(...inParts({ route: `${base}${slug}/`, kind: 'tag', label: tag, tag }, count, pageSizes.operations));
  }
  const webhooks = webhookCount(api);
  if (webhooks > 0) pages.push(...inParts({ route: `${base}webhooks/`, kind: 'webhooks', label: 'Webhooks sent to you' }, webhooks, pageSizes.webhooks));
  // Schemas that only a `$ref` names are found while the reference is built: the last page takes them.
  const schemas = inParts({ route: `${base}schemas/`, kind: 'schemas', label: 'Schemas' }, Object.keys(api.document.components?.schemas ?? {}).length, pageSizes.schemas);
  schemas.at(-1)!.range![1] = Infinity;
  pages.push(...schemas);
  return pages;
}

/** A page cut into pages of at most `size` items: `/api/repos/`, `/api/repos/2/`…, labelled `repos`, `repos (2)`…. */
function inParts(page: ReferencePage, count: number, size: number): ReferencePage[] {
  const parts = Math.max(1, Math.ceil(count / size));
  return Array.from({ length: parts }, (_, index) => ({
    ...page,
    route: index === 0 ? page.route : `${page.route}${index + 1}/`,
    label: index === 0 ? page.label : `${page.label} (${index + 1})`,
    range: [index * size, index === parts - 1 ? count : (index + 1) * size] as [number, number],
  }));
}

/** The webhooks the reference shows: one per method of each `webhooks:` (or 3.0 `x-webhooks:`) entry. */
function webhookCount(api: OpenApiModel): number {
  let count = 0;
  for (const rawItem of Object.values<any>(api.document.webhooks ?? api.document['x-webhooks'] ?? {})) {
    const item: any = rawItem?.$ref ? refTarget(api, rawItem.$ref) : rawItem;
    for (const method of methods) if (item?.[method]) count++;
  }
  return count;
}

/**
 * The tags that hold operations, in the reference's order (those `tags:` declares, then the others
 * as operations name them; `Other` for an operation without one), with how many each holds.
 */
export function operationTags(api: OpenApiModel): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tag of api.document.tags ?? []) counts.set(String(tag?.name), 0);
  for (const rawItem of Object.values<any>(api.document.paths ?? {})) {
    const item: any = rawItem?.$ref ? refTarget(api, rawItem.$ref) : rawItem;
    for (const method of methods) {
      const operation: any = item?.[method]?.$ref ? refTarget(api, item[method].$ref) : item?.[method];
      if (!operation) continue;
      const tag = String(operation.tags?.[0] ?? 'Other');
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  for (const [tag, count] of counts) if (count === 0) counts.delete(tag);
  return counts;
}
