/**
 * Search parameters in the hosted service's wire format: a multi-index request is
 * `{ indexName, query, params }`, where `params` is a URL-encoded string whose arrays are JSON.
 * The modal and the search page build requests with `serializeSearchParams`; the local index (and
 * the test server) read them with `readSearchRequest`.
 */

export interface SearchParams {
  hitsPerPage?: number;
  page?: number;
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  clickAnalytics?: boolean;
  facetFilters?: (string | string[])[];
}

/** One query of a multi-query request, as the client sends it. */
export interface SearchRequest {
  indexName: string;
  query: string;
  params: string;
}

/** The parameters as Algolia's `params` string: each value URL-encoded, objects as JSON. */
export function serializeSearchParams(params: SearchParams): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
}

/** A request's parameters with Algolia's defaults, whether sent as a `params` string or as fields. */
export interface ReadSearchRequest extends Required<Omit<SearchParams, 'attributesToRetrieve' | 'facetFilters'>> {
  indexName: string;
  query: string;
  attributesToRetrieve?: string[];
  facetFilters?: (string | string[])[];
  /** Snippet length in words, by attribute (`content:10` → content → 10). */
  snippetWords: Map<string, number>;
}

/** A query as a backend reads it (the local one, the test server), whichever way its parameters came. */
export function readSearchRequest(
  request: { indexName: string; query?: string; params?: string } & Record<string, unknown>,
): ReadSearchRequest {
  const { params, ...fields } = request;
  const values: Record<string, unknown> = { ...fields };
  for (const [key, value] of new URLSearchParams(params ?? '')) values[key] = parseValue(value);
  const snippets = (values.attributesToSnippet as string[] | undefined) ?? [];
  return {
    indexName: request.indexName,
    query: String(values.query ?? ''),
    hitsPerPage: Number(values.hitsPerPage ?? 20),
    page: Number(values.page ?? 0),
    attributesToRetrieve: values.attributesToRetrieve as string[] | undefined,
    attributesToSnippet: snippets,
    snippetEllipsisText: String(values.snippetEllipsisText ?? '…'),
    highlightPreTag: String(values.highlightPreTag ?? '<em>'),
    highlightPostTag: String(values.highlightPostTag ?? '</em>'),
    clickAnalytics: values.clickAnalytics === true || values.clickAnalytics === 'true',
    facetFilters: values.facetFilters as (string | string[])[] | undefined,
    snippetWords: new Map(
      snippets.map((entry) => {
        const [attribute, words] = entry.split(':');
        return [attribute, Number(words ?? 10)];
      }),
    ),
  };
}

function parseValue(value: string): unknown {
  if (/^[[{]/.test(value) || value === 'true' || value === 'false' || /^-?\d+(\.\d+)?$/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}
