import { checkLinks, shellIdsOf, type BrokenLink, type PageIds } from './checkLinks.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { onePerPlace, placeDescriptionLinksKept, type DescriptionSources } from './placeDescriptionLinks.ts';
import type { ListedRoute } from '../model/routes.ts';

/**
 * The one link check, of every rendered page against the site's listed pages, their ids and its
 * files (every route that is not a page). Links written in the content are reported where they
 * are written; links the theme generates (read from the HTML when asked, `generatedLinks`) once
 * per target, and not at all when the content's own report names that target. A description's
 * links are placed in its files (`descriptions`); a link to an anchor, shown on several pages, is
 * reported once where it is written. With a `cacheDir`, the places found are kept there
 * (placeDescriptionLinksKept).
 */
export async function checkSiteLinks(
  routes: ListedRoute[],
  outputs: PageOutput[],
  descriptions: DescriptionSources,
  cacheDir?: string,
): Promise<BrokenLink[]> {
  const listed = new Set(routes.filter((route) => route.page && route.listed).map(({ route }) => route));
  const pages = new Map(
    outputs.filter((output) => listed.has(output.route)).map((output) => [output.route, new Set(output.ids)]),
  );
  const files = new Set(routes.filter((route) => !route.page).map(({ route }) => route));
  const shell = shellIdsOf(outputs);
  const fromContent = await placeDescriptionLinksKept(
    checkLinks(
      outputs.flatMap((output) => output.links),
      pages,
      files,
      shell,
    ),
    descriptions,
    cacheDir,
  );
  const reported = new Set(fromContent.map((link) => link.href));
  // A page the theme links within (the not-found page's skip link) is a target of its own links, listed or not.
  const generated = outputs
    .flatMap((output) => checkLinks(output.generatedLinks ?? [], withOwnIds(pages, output), files, shell))
    .filter((link) => {
      if (reported.has(link.href)) return false;
      reported.add(link.href);
      return true;
    });
  return [...onePerPlace(fromContent), ...generated];
}

/** The listed pages' ids, and the page's own. */
function withOwnIds(pages: ReadonlyMap<string, ReadonlySet<string>>, output: PageOutput): PageIds {
  if (pages.has(output.route)) return pages;
  const own = new Set(output.ids);
  return { get: (route) => (route === output.route ? own : pages.get(route)), keys: () => pages.keys() };
}
