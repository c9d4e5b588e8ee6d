import { withBase } from '../model/paths.ts';

/** robots.txt: the whole site allowed but the paths the page sources keep crawlers out of, and where the sitemap is. */
export function robotsTxt(siteUrl: string, baseUrl: string, disallowed: string[]): string {
  const disallow = disallowed.map((sitePath) => `Disallow: ${withBase(baseUrl, sitePath)}\n`).join('');
  return `User-agent: *\nAllow: ${baseUrl}\n${disallow}\nSitemap: ${siteUrl.replace(/\/$/, '')}${baseUrl}sitemap.xml\n`;
}
