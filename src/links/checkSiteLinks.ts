import { checkLinks, type BrokenLink } from './checkLinks.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import type { SiteRoute } from '../pages/siteRoutes.ts';

/** Checks every internal link of the rendered pages against the site's pages, their ids, and its files. */
export function checkSiteLinks(routes: SiteRoute[], outputs: PageOutput[], siteFileNames: Iterable<string>): BrokenLink[] {
  const listed = new Set(routes.filter((route) => route.page && route.listed).map(({ route }) => route));
  const pages = new Map(outputs.filter((output) => listed.has(output.route)).map((output) => [output.route, new Set(output.ids)]));
  const files = new Set([...routes.filter((route) => !route.page).map(({ route }) => route), ...siteFileNames]);
  return checkLinks(outputs.flatMap((output) => output.links), pages, files);
}
