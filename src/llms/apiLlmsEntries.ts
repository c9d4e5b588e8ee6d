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
 * llms.txt's entries for the API reference's pages: its one page, or a split reference's overview,
 * then each tag's, the webhooks' and the schemas' pages (so that an assistant reads one tag's
 * operations without the whole reference), each described by its tag's first sentence and what it
 * holds; each at its Markdown twin where the pages have twins, else at the page.
 */
export function apiLlmsEntries(
  api: OpenApiModel,
  pages: readonly ReferencePage[],
  { twins }: { twins: boolean },
): ApiLlmsEntry[] {
  const href = (route: string) => (twins ? twinRoute(route) : route);
  const [first] = pages;
  if (!first) return [];
  if (first.kind === 'whole')
    return [
      {
        title: 'API reference',
        href: href(first.route),
        description: 'every endpoint, parameter, schema and webhook, with code samples, on one page',
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
        ? `the overview: the API's introduction, then its ${pages.length - 1} pages, listed below`
        : page.kind === 'tag'
          ? [
              plural(size ?? counts.get(page.tag!) ?? 0, 'operation'),
              page.range?.[0] ? undefined : tagSentence(page.tag),
            ]
              .filter(Boolean)
              .join(': ')
          : page.kind === 'webhooks'
            ? size === undefined
              ? 'the webhooks: the requests the API sends'
              : plural(size, 'webhook')
            : size === undefined
              ? 'the named schemas and their fields'
              : plural(size, 'schema');
    return {
      title: page.kind === 'overview' ? 'API reference' : `API reference: ${page.label}`,
      href: href(page.route),
      description,
    };
  });
}
