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
}
