import type { LinkSource } from './checkLinks.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { withBase, withoutBase } from '../model/paths.ts';

/**
 * Internal links of a built page (`href="/…"` and `href="#…"`), with their line and column in
 * the HTML: the links the theme generates (navbar, sidebar, footer, API reference) as well as
 * the content's. `#anchor` links are made absolute with the page's route.
 */
export function linksInHtml(html: string, file: string, route: string): LinkSource[] {
  return anchorLinks(html, file)
    .filter(({ href }) => (href.startsWith('/') || href.startsWith('#')) && !href.startsWith('//'))
    .map((link) => (link.href.startsWith('#') ? { ...link, href: `${route}${link.href}` } : link));
}

/** External links (http, https) of a built page, located in it, for `check-links --external`. */
export function externalLinksInHtml(html: string, file: string): LinkSource[] {
  return anchorLinks(html, file).filter(({ href }) => /^https?:\/\//.test(href));
}

/** Every `<a href>` of the HTML, with its line and column. */
function anchorLinks(html: string, file: string): LinkSource[] {
  const links: LinkSource[] = [];
  const lineStarts = [0];
  for (let i = html.indexOf('\n'); i !== -1; i = html.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const offset = match.index + match[0].indexOf('href=');
    let line = lineStarts.length - 1;
    while (lineStarts[line] > offset) line--;
    links.push({ file, line: line + 1, column: offset - lineStarts[line] + 1, href: match[1].replace(/&amp;/g, '&') });
  }
  return links;
}

/**
 * A page's output with the links of its final HTML (check-links): every internal one, the
 * theme's included, as a site path and located in the HTML, and every external one.
 */
export function withLinksOfHtml(output: PageOutput, html: string, baseUrl: string): PageOutput {
  const served = withBase(baseUrl, output.route);
  const generatedPage = `${served} (generated page)`;
  const generatedLinks = linksInHtml(html, generatedPage, served).map((link) => ({
    ...link,
    href: sitePath(baseUrl, link.href),
  }));
  return { ...output, generatedLinks, externalLinks: externalLinksInHtml(html, generatedPage) };
}

/** A served href as a site path (its base taken off); one outside the base stays as it is, and is no page. */
function sitePath(baseUrl: string, href: string): string {
  const end = href.search(/[?#]/);
  const [pathname, rest] = end === -1 ? [href, ''] : [href.slice(0, end), href.slice(end)];
  const inside = withoutBase(baseUrl, pathname);
  return inside === undefined ? href : inside + rest;
}
