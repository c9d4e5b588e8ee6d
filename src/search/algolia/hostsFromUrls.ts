import type { Host } from '@algolia/client-common';

/** Configured hosts (`https://host[:port]`) as the Algolia client takes them, in order. */
export function hostsFromUrls(urls: string[]): Host[] {
  return urls.map((href) => {
    const url = new URL(href);
    return {
      url: url.hostname,
      protocol: url.protocol === 'http:' ? 'http' : 'https',
      ...(url.port ? { port: Number(url.port) } : {}),
      accept: 'readWrite',
    };
  });
}
