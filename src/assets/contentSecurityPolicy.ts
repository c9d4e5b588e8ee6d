import { createHash } from 'node:crypto';
import type { DocsgenConfig } from '../config/schema.ts';

/**
 * The site's Content-Security-Policy: scripts only from the site itself (the one inline script,
 * the colour-mode snippet, allowed by its hash), the attribution host and, in hosted search
 * mode, the search service; images from the site and the hosts the API description may show. Inline style attributes stay allowed: build-time highlighting colours
 * tokens with them.
 */
export function contentSecurityPolicy(
  config: DocsgenConfig,
  inlineScript: string,
  { forMeta }: { forMeta: boolean },
): string {
  const scriptHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
  const scripts = ["'self'", scriptHash];
  const connect = ["'self'"];
  if (config.attribution) scripts.push(new URL(config.attribution.assetsHost).origin);
  const algolia = config.search.algolia;
  if (algolia) {
    const hosts = algolia.hosts ?? [
      `https://${algolia.appId}-dsn.algolia.net`,
      `https://${algolia.appId}.algolia.net`,
      ...[1, 2, 3].map((n) => `https://${algolia.appId}-${n}.algolianet.com`),
    ];
    connect.push(...hosts.map((host) => new URL(host).origin));
    if (algolia.insights) {
      scripts.push('https://cdn.jsdelivr.net');
      connect.push('https://insights.algolia.io');
    }
  }
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...config.apiReference.imageHosts].join(' '),
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  // frame-ancestors only works as a header; browsers ignore it (with a warning) in <meta>.
  if (!forMeta) directives.push("frame-ancestors 'self'");
  return directives.join('; ');
}
