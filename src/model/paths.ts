/**
 * A site path as served under the site's base (`baseUrl: '/acme/'`: `/docs/x/` → `/acme/docs/x/`),
 * its path escaped as a URL carries it (see encodePath). Every link, asset and fetch the engine
 * and theme emit goes through it, once; other URLs (external, `#fragment`, relative) are left as
 * they are.
 */
export function withBase(baseUrl: string, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return encodePath(baseUrl === '/' ? href : baseUrl + href.slice(1));
}

/**
 * A site path's path part (up to `?` or `#`) with every character a URL cannot carry as it is
 * percent-encoded, as `encodeURI` does, but leaving `%` as it is: routes hold the file names'
 * characters as they are (`a b.md` → `/docs/a b/`, `café.md` → `/docs/café/`, never `%`, which
 * pageRoute refuses), and a link a writer wrote may already be escaped (`/img/a%20b.png`), so
 * escaping twice changes nothing. Written as they were, `href="/docs/a b/"` was invalid HTML, the
 * sitemap's URLs were not RFC 3986 URLs, and live reload missed such a page (the browser's path
 * is escaped).
 */
export function encodePath(sitePath: string): string {
  const end = sitePath.search(/[?#]/);
  const [pathPart, rest] = end === -1 ? [sitePath, ''] : [sitePath.slice(0, end), sitePath.slice(end)];
  return (
    pathPart.replace(unescapedInPath, (char) =>
      char.length === 1 && isSurrogate(char) ? '%EF%BF%BD' : encodeURIComponent(char),
    ) + rest
  );
}

/** What encodeURI escapes, but `%`: a surrogate pair as one character, a lone surrogate alone. */
const unescapedInPath = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[^A-Za-z0-9;,/?:@&=+$\-_.!~*'()#%]/g;
const isSurrogate = (char: string) => /[\uD800-\uDFFF]/.test(char);

/** The site path of a served path: the base taken off (undefined when the path is outside it). */
export function withoutBase(baseUrl: string, pathname: string): string | undefined {
  if (baseUrl === '/') return pathname;
  if (pathname === baseUrl.slice(0, -1)) return '/';
  return pathname.startsWith(baseUrl) ? `/${pathname.slice(baseUrl.length)}` : undefined;
}

/** Whether an href leaves the site (`https://…`, `//host/…`): such links open as they are, never under the base. */
export const isExternal = (href: string) => /^(https?:)?\/\//.test(href);

/** A site path as an absolute URL on the published site (`url` + `baseUrl` + path): what a feed or a pasted page links with. */
export const publishedUrl = (config: { url: string; baseUrl: string }, sitePath: string) =>
  `${config.url.replace(/\/$/, '')}${withBase(config.baseUrl, sitePath)}`;
