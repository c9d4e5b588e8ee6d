const safeSchemes = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// A scheme no URL on the site uses, so a relative URL keeps it and an absolute one shows its own.
const relativeBase = 'docsgen-relative:/';

/**
 * The scheme of `url` when a link must not use it (`javascript:`, `data:`, `vbscript:`, …), read
 * as a browser reads it: the WHATWG parser drops tabs and newlines and trims spaces, so
 * `java&#9;script:` in Markdown is a script URL too. Relative URLs and http(s), mailto and tel
 * are safe (undefined).
 */
export function unsafeUrlScheme(url: string): string | undefined {
  let protocol: string;
  try {
    protocol = new URL(url, relativeBase).protocol;
  } catch {
    // Unparseable: a browser would not follow it either.
    return undefined;
  }
  if (protocol === new URL(relativeBase).protocol || safeSchemes.has(protocol)) return undefined;
  return protocol.slice(0, -1);
}

/** The report for a URL that `unsafeUrlScheme` refuses, shared by content, config and OpenAPI. */
export const unsafeUrlMessage = (url: string, scheme: string, what: 'link' | 'image' = 'link') =>
  `unsafe ${what} scheme "${scheme}:" in ${url}`;

const siteOrigin = 'http://docsgen-site.invalid';

/**
 * Whether `path` is a path on this site as a browser reads it: it starts with `/`, and the URL
 * parser keeps it on the same host. `//evil.example/`, `/\evil.example/` and `/<tab>/evil.example/`
 * all name another host (the parser drops tabs and reads `\` as `/`).
 */
export function isSitePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  try {
    return new URL(path, siteOrigin).origin === siteOrigin;
  } catch {
    return false;
  }
}

/** Whether `path` is a site path as it would be sent: no `.` or `..` segments, query, fragment or characters to escape. */
export const isPlainSitePath = (path: string) => isSitePath(path) && new URL(path, siteOrigin).pathname === path;
