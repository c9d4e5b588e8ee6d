/** robots.txt: the whole site allowed but the search results and the sidebar lists, and where the sitemap is. */
export function robotsTxt(siteUrl: string, baseUrl = '/'): string {
  return `User-agent: *\nAllow: ${baseUrl}\nDisallow: ${baseUrl}search/\nDisallow: ${baseUrl}_sidebar/\n\nSitemap: ${siteUrl.replace(/\/$/, '')}${baseUrl}sitemap.xml\n`;
}
