import type { CacheCodec } from '../cache/renderCache.ts';
import { recordsDigest } from '../search/recordsDigest.ts';
import { contentDigest } from '../write/keptOutput.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderState } from '../render/renderState.ts';
import type { CodeSpan } from '../markdown/keptCode.ts';
import type { PageOutput } from '../model/pageOutput.ts';
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

/** One route rendered: its content, where it is written, and what the build keeps of a page. */
export interface RenderedRoute {
  route: string;
  /**
   * Text, or its UTF-8 bytes (a route taken from the cache comes as the bytes it is written as),
   * or what reads those bytes from the cache when they are needed (`LoadContent`).
   */
  content: string | Uint8Array | LoadContent;
  /** The file written, relative to the output folder (default: `<route>index.html` for a page, else the route). */
  file?: string;
  /** Ids, links and search records of a page; files have none. */
  output?: PageOutput;
  /** A docs page's highlighted code blocks in `content`, for the next build of the page (src/markdown/keptCode.ts). */
  code?: CodeSpan[];
  /**
   * `content`'s digest (contentDigest), which the output writer names a kept file by: kept with a
   * route in the cache (renderedRouteCodec), so that writing a cached route again costs no digest
   * of it. Never set on content that is changed afterwards.
   */
  digest?: string;
}

/**
 * A cached page's bytes, read when they are needed: a docs page taken whole from the cache is
 * linked from the last build's output when its digest is the one kept there (keptOutput.ts), and
 * its HTML is never read (1,000 varied pages with one edited read ~50 MB of HTML to link them).
 */
export type LoadContent = () => Promise<string | Uint8Array>;

/** A route with its content read (`LoadContent` called). */
export type LoadedRoute = RenderedRoute & { content: string | Uint8Array };

/** The content itself, read from the cache if it is not here yet. */
export const loadedContent = async (content: RenderedRoute['content']): Promise<string | Uint8Array> =>
  typeof content === 'function' ? content() : content;

/** A rendered route's fields but its content, with its content's digest: how the docs' page cache keeps a page. */
export type RouteFields = Omit<RenderedRoute, 'content'> & { digest: string };

/** How a cache keeps a route's fields (RouteFields) as JSON, its records' digest worked out once (see renderedRouteCodec). */
export const routeFieldsCodec: CacheCodec<RouteFields> = {
  encode: (fields) => Buffer.from(JSON.stringify(withRecordsDigest(fields))),
  decode: (bytes) => JSON.parse(bytes.toString('utf8')) as RouteFields,
};

/** How a cache keeps bytes: as they are. */
export const bytesCodec: CacheCodec<Uint8Array> = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  decode: (bytes) => bytes,
};

/** A page's fields with its records' digest: a build that takes the page from the cache names the search index without them. */
function withRecordsDigest<T extends Omit<RenderedRoute, 'content'>>(fields: T): T {
  const { output } = fields;
  return output?.records && output.recordsDigest === undefined
    ? { ...fields, output: { ...output, recordsDigest: recordsDigest(output.records) } }
    : fields;
}

/**
 * How a cache keeps rendered routes: their other fields as JSON, then their content's bytes as
 * they are written. A page's HTML is most of an entry: kept inside JSON, each hit decoded about
 * 90 KB of escaped text and encoded it again to write it. The content's digest is kept with it,
 * worked out here once and given to the route kept (its `digest`), which the writer then uses:
 * 1,000 varied pages with one edited digested ~50 MB of HTML again to link the unchanged files.
 */
export const renderedRouteCodec: { encode(route: RenderedRoute): Buffer; decode(bytes: Buffer): LoadedRoute } = {
  encode(route) {
    const { content, ...fields } = route;
    if (typeof content === 'function') throw new TypeError('a route is cached with its content read');
    route.digest ??= contentDigest(content);
    const json = Buffer.from(JSON.stringify(withRecordsDigest({ ...fields, digest: route.digest })));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    return Buffer.concat([length, json, typeof content === 'string' ? Buffer.from(content) : content]);
  },
  decode(bytes) {
    const length = bytes.readUInt32BE(0);
    if (4 + length > bytes.length) throw new RangeError('cached route shorter than its fields');
    return {
      ...(JSON.parse(bytes.toString('utf8', 4, 4 + length)) as Omit<RenderedRoute, 'content'>),
      content: bytes.subarray(4 + length),
    };
  },
};

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

/** A route's content as text (from the cache it comes as its UTF-8 bytes). */
export function contentText(content: string | Uint8Array): string {
  return typeof content === 'string'
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
}
