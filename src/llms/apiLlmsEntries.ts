import type { ReferencePage } from '../model/apiReference.ts';
import { operationTags } from '../openapi/referencePages.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { firstSentence } from './markdownTwin.ts';
import { twinRoute } from './llmsTxt.ts';

/** An entry of llms.txt's `## API reference`: a title, its site path (below the base URL), a one-line description. */
export interface ApiLlmsEntry {
  title: string;
  href: string;
  description: string;
}

/**
 * llms.txt's entries for the API reference's pages: with Markdown twins, each page's twin (a split
 * reference's overview, then each tag's, the webhooks' and the schemas' pages, so that an assistant
 * reads one tag's operations without the whole reference), each described by its tag's first
 * sentence or what it holds; without twins, the reference's page itself.
 */
export function apiLlmsEntries(
  api: OpenApiModel,
  pages: readonly ReferencePage[],
  { twins }: { twins: boolean },
): ApiLlmsEntry[] {
  const href = (route: string) => (twins ? twinRoute(route) : route);
  const [first] = pages;
  if (!first) return [];
  if (first.kind === 'whole' || !twins)
    return [
      {
        title: 'API reference',
        href: href(first.route),
        description: `every endpoint, parameter, schema and webhook, with code samples, on ${first.kind === 'whole' ? 'one page' : `${pages.length} pages (an overview, then a page a tag)`}`,
      },
    ];
  const counts = operationTags(api);
  const tagSentence = (name: string | undefined) => {
    const description = (api.document.tags ?? []).find((tag: any) => tag?.name === name)?.description;
    return typeof description === 'string' ? firstSentence(description) : undefined;
  };
  const plural = (count: number, one: string) => `${count.toLocaleString('en')} ${one}${count === 1 ? '' : 's'}`;
  return pages.map((page) => {
    const size = page.range && page.range[1] - page.range[0];
    const description =
      page.kind === 'overview'
        ? 'the introduction, servers, authentication, and the list of the reference’s pages'
        : page.kind === 'tag'
          ? [
              page.range?.[0] ? undefined : tagSentence(page.tag),
              plural(size ?? counts.get(page.tag!) ?? 0, 'operation'),
            ]
              .filter(Boolean)
              .join(' ')
          : page.kind === 'webhooks'
            ? size === undefined
              ? 'the webhooks: the requests the API sends'
              : plural(size, 'webhook')
            : size === undefined
              ? 'the named schemas and their fields'
              : plural(size, 'schema');
    return {
      title: page.kind === 'overview' ? 'API reference' : `${page.label} · API reference`,
      href: href(page.route),
      description,
    };
  });
}
