/**
 * `/docs/faq.html` → `/docs/faq/`, `/docs/index.html` → `/docs/`; other paths unchanged (spec §2:
 * paths ending in index.html or .html are normalised). `/404.html` is the not-found page itself.
 */
export function cleanPath(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html') && pathname !== '/404.html') return `${pathname.slice(0, -'.html'.length)}/`;
  return pathname;
}
