import type { ReferencePage } from '../model/apiReference.ts';
import { methods, refTarget, type OpenApiModel } from './openApiModel.ts';

export const referenceRoute = '/api/';

/**
 * The pages of the reference. Up to `splitAbove` operations it is one page, `/api/`, as this
 * site's is; above, an overview at `/api/` and a page per tag (`/api/repos/`), then the webhooks'
 * and the schemas' pages, in the order the reference shows them. Worked out from the description
 * alone, without building the reference, so routes are known at once.
 */
export function referencePages(api: OpenApiModel, splitAbove: number): ReferencePage[] {
  const tags = operationTags(api);
  const operations = [...tags.values()].reduce((sum, count) => sum + count, 0);
  if (operations <= splitAbove) return [{ route: referenceRoute, kind: 'whole', label: 'API reference' }];
  const pages: ReferencePage[] = [{ route: referenceRoute, kind: 'overview', label: 'Overview' }];
  const taken = new Set(['webhooks', 'schemas']);
  for (const tag of tags.keys()) {
    const base = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tag';
    let slug = base;
    for (let index = 2; taken.has(slug); index++) slug = `${base}-${index}`;
    taken.add(slug);
    pages.push({ route: `${referenceRoute}${slug}/`, kind: 'tag', label: tag, tag });
  }
  if (Object.keys(api.document.webhooks ?? api.document['x-webhooks'] ?? {}).length > 0) {
    pages.push({ route: `${referenceRoute}webhooks/`, kind: 'webhooks', label: 'Webhooks sent to you' });
  }
  pages.push({ route: `${referenceRoute}schemas/`, kind: 'schemas', label: 'Schemas' });
  return pages;
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
