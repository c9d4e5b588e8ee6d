/** sitemap.xml: every page the sources put in it, weekly, priority 0.5 (spec §9). */
export function sitemapXml(siteUrl: string, routes: string[]): string {
  const base = siteUrl.replace(/\/$/, '');
  const urls = routes.map(
    (route) =>
      `<url><loc>${escapeXml(base + route)}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
