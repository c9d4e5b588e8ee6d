/**
 * A site path as served under the site's base (`baseUrl: '/acme/'`: `/docs/x/` → `/acme/docs/x/`).
 * Every link, asset and fetch the engine and theme emit goes through it, once; other URLs
 * (external, `#fragment`, relative) are left as they are, and with the base `/` nothing changes.
 */
export function withBase(baseUrl: string, href: string): string {
  if (baseUrl === '/' || !href.startsWith('/') || href.startsWith('//')) return href;
  return baseUrl + href.slice(1);
}

/** The site path of a served path: the base taken off (undefined when the path is outside it). */
export function withoutBase(baseUrl: string, pathname: string): string | undefined {
  if (baseUrl === '/') return pathname;
  if (pathname === baseUrl.slice(0, -1)) return '/';
  return pathname.startsWith(baseUrl) ? `/${pathname.slice(baseUrl.length)}` : undefined;
}

/** Whether an href leaves the site (`https://…`, `//host/…`): such links open as they are, never under the base. */
export const isExternal = (href: string) => /^(https?:)?\/\//.test(href);
