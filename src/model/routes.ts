/**
 * What the shell and other pages know a route as, where they link to it without naming it: the
 * page sent for unknown paths, the search results page, the API reference.
 */
export type RouteRole = 'notFound' | 'search' | 'reference';

/** A route of the site as the site files and the link check see it: how it is listed, not who renders it. */
export interface ListedRoute {
  route: string;
  /** An HTML page; otherwise a file served as it is. */
  page: boolean;
  /** Reached by a link: in routes.json and a link target. */
  listed: boolean;
  /** In sitemap.xml. */
  sitemap: boolean;
  role?: RouteRole;
  /** A moved page's old path, which sends readers on (config `redirects`). */
  redirect?: boolean;
}

/**
 * What a site's routes are, counted one way for every command: `pages`, the HTML pages readers
 * reach by a link (docs, API reference, home, search: routes.json and the sitemap list them);
 * `unlistedPages`, HTML no link leads to (the not-found page, sidebar fragments); `redirects`,
 * moved pages' old paths (config `redirects`); `files`, the rest (sitemap, robots.txt, Markdown
 * twins, API downloads). A route is any of them.
 */
export interface RouteCounts {
  routes: number;
  pages: number;
  unlistedPages: number;
  redirects: number;
  files: number;
}

/** The one count of a site's routes, which the build's summary, its live line and check-links all print. */
export function countRoutes(routes: readonly ListedRoute[]): RouteCounts {
  const pages = routes.filter((route) => route.page && route.listed).length;
  const redirects = routes.filter((route) => route.redirect).length;
  const unlistedPages = routes.filter((route) => route.page && !route.listed && !route.redirect).length;
  return {
    routes: routes.length,
    pages,
    unlistedPages,
    redirects,
    files: routes.length - pages - unlistedPages - redirects,
  };
}
