/** sitemap.xml: every page, weekly, priority 0.5 (spec §9); tag pages are never listed. */
export function sitemapXml(siteUrl: string, routes: string[]): string {
  const base = siteUrl.replace(/\/$/, '');
  const urls = routes
    .filter((route) => !/\/tags(\/|$)/.test(route))
    .map((route) => `<url><loc>${escapeXml(base + route)}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
