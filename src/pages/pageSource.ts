import type { RenderedRoute } from '../write/renderedRoute.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';
import type { RenderSite, Site } from '../site/site.ts';
import type { RouteRole } from '../model/routes.ts';
import type { DocsgenError, SourceLocation } from '../errors.ts';

/** A route a source serves, and how the site lists it. */
export interface SourceRoute {
  route: string;
  /** An HTML page (`/docs/x/`); otherwise a file served as it is (`/sitemap.xml`, `/llms.txt`). */
  page: boolean;
  /** A page readers reach by a link: in routes.json, a link target, in the sitemap (default: `page`). */
  listed?: boolean;
  /** In sitemap.xml (default: `listed`). */
  sitemap?: boolean;
  /** What the shell and other pages know this route as (the not-found page, the search page, the API reference). */
  role?: RouteRole;
  /** Another form of a page (its Markdown twin), announced in that page's head. */
  alternateOf?: { route: string; type: string };
  /** A page that sends readers on to another (config `redirects`): counted apart from the pages. */
  redirect?: boolean;
  /** Where the project asks for this route (a page's file or slug, a config line): named when two sources claim it. */
  declaredAt?: SourceLocation;
}

/** What a change to a watched file did to the site (dev server). */
export interface SourceChange {
  /** The site after the change. */
  site: Site;
  /** Routes whose output changed; '*' when every page's shell changed (sidebar, routes). */
  stale: string[] | '*';
  /** Routes rendered at once, so that a mistake is reported on save, not on the next request. */
  check: string[];
  /** Mistakes in the changed file that do not stop it (unknown front-matter keys). */
  warnings?: DocsgenError[];
  /** Work left for after the pages asked for are served (a description's parse kept in the render cache). */
  later?: (() => Promise<void>)[];
}

/**
 * A kind of page: docs, the API reference, home, search, not-found, sidebar fragments, AI-ready
 * text. The build and the dev server drive the registry of sources (src/pages/registry.ts) and
 * know nothing of the kinds themselves. `render` runs in render threads, which have the site
 * without its docs' sources (`RenderSite`): what a job needs beyond that comes from `inputs`,
 * taken in the main thread.
 */
export interface PageSource<Inputs = undefined> {
  name: string;
  routes(site: Site): SourceRoute[];
  /** Project paths (relative, '/'-separated; folders or files) this source reads: the dev server watches them. */
  watchedPaths(project: Pick<Site, 'root' | 'config'>): string[];
  /** Whether a change to this project file (relative, '/'-separated) is one this source applies itself. */
  watches(site: Site, file: string): boolean;
  /** Site paths crawlers are asked to keep out of (robots.txt), whether or not the source has routes there. */
  robotsDisallow?: string[];
  /**
   * Routes of this source that show the API changes, which the API reference's source works out
   * from the descriptions: the dev server renders them again when a change alters those. None by default.
   */
  showsApiChanges?(site: Site): string[];
  /** Applies a change to a watched file (dev server); by default nothing changes but this source's routes. */
  changed?(site: Site, file: string): Promise<SourceChange>;
  /** Routes rendered together, one render job per group (default: one job). */
  jobs?(site: Site, routes: string[]): string[][];
  /**
   * What a job's render needs besides the site without its docs; when still being made (in
   * another thread), the job waits for it and is queued once it is there.
   */
  inputs?(site: Site, routes: string[]): Inputs | Promise<Inputs>;
  /** Rough cost of rendering every route in one thread, in ms, given what the cache holds. */
  estimate(site: Site, caches: CacheSet): number;
  /**
   * Renders the routes, handing each to `emit` as soon as it is done. Given `failed`, a mistake in
   * one route that leaves the others to render (a docs page's Markdown) goes there, so that a
   * build reports every one; otherwise, as any error, it is thrown and stops the job.
   */
  render(
    site: RenderSite,
    state: RenderState,
    routes: string[],
    inputs: Inputs,
    emit: (rendered: RenderedRoute) => Promise<void>,
    failed?: (error: DocsgenError) => void,
  ): Promise<void>;
}

/** A source of any inputs, as the registry holds them. */
export type AnyPageSource = PageSource<any>;

/**
 * A rendered route whose links name `file`: a route taken from a cache restored elsewhere (a CI
 * runner) names the file it was rendered from where it is now.
 */
export function withLinksFrom(rendered: RenderedRoute, file: string): RenderedRoute {
  if (!rendered.output) return rendered;
  return {
    ...rendered,
    output: { ...rendered.output, links: rendered.output.links.map((link) => ({ ...link, file })) },
  };
}
