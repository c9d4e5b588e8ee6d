import type { RouteCounts } from '../model/routes.ts';

/** `27 pages, 1 unlisted page, 2 redirects and 29 files`: what a count is made of, in words. */
export function describeRoutes({ pages, unlistedPages, redirects, files }: RouteCounts): string {
  const parts = [
    plural(pages, 'page'),
    ...(unlistedPages ? [plural(unlistedPages, 'unlisted page')] : []),
    ...(redirects ? [plural(redirects, 'redirect')] : []),
    ...(files ? [plural(files, 'file')] : []),
  ];
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** `1 page`, `2 pages`. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
