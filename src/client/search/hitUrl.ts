/**
 * Where a hit leads, as Docusaurus's search result URL processor decides: a URL matching the
 * external pattern stays absolute (and leaves the site); any other becomes a path on this site,
 * so a hosted index built from the production origin works on every deployment.
 */
export function hitUrl(url: string, externalUrlRegex: string | undefined): string {
  if (externalUrlRegex && new RegExp(externalUrlRegex).test(url)) return url;
  const parsed = new URL(url, window.location.origin);
  return parsed.pathname + parsed.search + parsed.hash;
}

