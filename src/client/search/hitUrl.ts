/**
 * Where a hit leads, as Docusaurus's search result URL processor decides: a URL matching the
 * external pattern stays absolute (and leaves the site); any other becomes a path on this site,
 * so a hosted index built from the production origin works on every deployment. A URL that is no
 * web address (`javascript:`, `data:`, from a service that cannot be trusted) leads nowhere.
 */
export function hitUrl(url: string, externalUrlRegex: string | undefined): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (externalUrlRegex && new RegExp(externalUrlRegex).test(url)) return url;
  return parsed.pathname + parsed.search + parsed.hash;
}
