import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import { resolveSite } from '../site/resolveSite.ts';
import { descriptionSources, imageWarnings, loadWarnings, type Site } from '../site/site.ts';
import { createRenderState } from '../render/renderState.ts';
import type { OpenCaches } from '../cache/cacheSet.ts';
import { cachePaths } from '../cache/cachePaths.ts';
import { makeCacheFolder } from '../cache/cacheFolder.ts';
import { removeDevFolder, removeStaleDevFolders } from '../cache/devFolders.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import {
  brokenLinkError,
  checkLinks,
  formatBrokenLink,
  isLinkWarning,
  linkRoute,
  shellIdsOf,
  type BrokenLink,
} from '../links/checkLinks.ts';
import { placeDescriptionLinks } from '../links/placeDescriptionLinks.ts';
import { listedRoutes, siteRoutes, withRoutes, type SiteRoute } from '../pages/siteRoutes.ts';
import { pageSources } from '../pages/registry.ts';
import { finishSite } from '../build/finishSite.ts';
import { searchIndexWriter } from '../search/searchIndexThread.ts';
import { type SourceChange } from '../pages/pageSource.ts';
import { contentText, loadedContent, type LoadedRoute } from '../write/renderedRoute.ts';
import type { RenderState } from '../render/renderState.ts';
import { DocsgenError, errorOfAll } from '../errors.ts';
import { withBase } from '../model/paths.ts';
import { openPublicFolder, resolvePublicEntry } from '../content/publicEntry.ts';
import { writeImages } from '../write/writeImages.ts';
import { bundleAssets } from '../assets/bundleAssets.ts';

/** Pages whose HTML the dev server keeps ready; the rest of a large site renders on request. */
const renderedPagesKept = 200;

/** Quiet time after a change before the search index and link check are brought up to date. */
export const refreshPauseMs = 400;

/** Quiet time after a page is answered before the background refresh renders its next page (a browser asks for a page's fragments next). */
const requestPauseMs = 100;

/**
 * What a change did: which routes to reload ('*' for all), with a mistake the saved page still
 * renders with (a missing image: shown in the overlay), or the error that stopped it.
 */
export type ChangeOutcome = { reload: string[] | '*'; error?: DocsgenError } | { error: DocsgenError };

/** Where the dev site tells what it finds on its own: warnings (front matter, broken links) and its background refresh's errors. */
export interface SiteReport {
  warning(text: string): void;
  error(error: DocsgenError): void;
}

/**
 * The site as the dev server sees it: the `Site` in memory, every route of every page source
 * rendered on request and kept until a change invalidates it, and the files that follow from
 * all pages (search index) in a scratch folder, brought up to date in the background. A change
 * goes to the sources that watch the file; an edit to one page re-renders that page, and the
 * shell of the others only when the sidebar changed.
 */
export class DevSite {
  /** Rendered routes, the recently served ones: a route not here is rendered again on request. */
  private readonly rendered = new LRUCache<string, string>({ max: renderedPagesKept });
  /** Routes being rendered, with the version they are rendered for: a request and the refresh asking for one render it once. */
  private readonly rendering = new Map<string, { version: number; text: Promise<string | undefined> }>();
  /** Requests being answered, and when the last one was: the background refresh waits for them (`quiet`). */
  private readonly asked = new Set<Promise<unknown>>();
  private answeredAt = 0;
  private readonly outputs = new Map<string, PageOutput>();
  private routeTable: SiteRoute[] = [];
  private byRoute = new Map<string, SiteRoute>();
  /** The description images from unlisted origins already said (`sayImageWarnings`). */
  private readonly imagesSaid = new Set<string>();
  /** The images already copied to the scratch folder, by URL (each names its content). */
  private imagesWritten = new Set<string>();
  /** Counts changes, so a page rendered from the state before a change is not kept after it. */
  private version = 0;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private paused = false;
  /** The search index is written off this thread: a request during it is answered at once. */
  private readonly indexWriter = searchIndexWriter();

  private constructor(
    private site: Site,
    private readonly state: RenderState & OpenCaches,
    readonly filesDir: string,
    private readonly report: SiteReport,
    /** Work left for after the pages asked for are served: a description's parse kept in the render cache, its check. */
    private readonly later: (() => Promise<void>)[],
  ) {
    this.useSite(site);
  }

  /** Answers a request: the background refresh gives it the thread between its own pages. */
  private async answer<T>(work: Promise<T>): Promise<T> {
    this.asked.add(work);
    try {
      return await work;
    } finally {
      this.asked.delete(work);
      this.answeredAt = performance.now();
    }
  }

  /** Resolves when no request is being answered and none was answered in the last `requestPauseMs`. */
  private async quiet(): Promise<void> {
    for (;;) {
      if (this.asked.size > 0) await Promise.allSettled([...this.asked]);
      const wait = this.answeredAt + requestPauseMs - performance.now();
      if (wait <= 0 && this.asked.size === 0) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
    }
  }

  /**
   * A site for the dev server. `fresh` (the server's first site) clears the scratch folders that
   * servers gone since left, and one a process of the same id may have left; a site replacing another keeps it, since the site it
   * replaces may still be writing its search index there (removing it then failed, ENOTEMPTY).
   * `loaded`: the site the one replaced had read, not read again (see resolveSite).
   */
  static async create(
    root: string,
    configFile: string | undefined,
    report: SiteReport,
    fresh = false,
    loaded?: Site,
  ): Promise<DevSite> {
    const cache = cachePaths(root);
    await makeCacheFolder(cache.engine, cache.root);
    if (fresh) {
      await removeStaleDevFolders(cache.root);
      await removeDevFolder(cache.devFiles);
    }
    await makeCacheFolder(cache.devFiles, cache.root);
    // A description parsed anew is kept in the render cache once the first page is served, and checked then (apiSource.ts).
    const later: (() => Promise<void>)[] = [];
    const { site, problems } = await resolveSite(root, configFile, {
      assetsDir: cache.devFiles,
      cacheDir: cache.engine,
      loaded,
      later: (keep) => later.push(keep),
    });
    // The dev server starts from a site that reads whole; its mistakes show in the overlay until fixed.
    if (problems.errors.length > 0) throw errorOfAll(problems.errors);
    for (const warning of loadWarnings(site)) report.warning(warning);
    const devSite = new DevSite(
      site,
      createRenderState(site, undefined, undefined, (work) => later.push(work)),
      cache.devFiles,
      report,
      later,
    );
    // Locating its images parses the description (GitHub's: 0.3 s of CPU): said once the first page is served.
    later.push(() => devSite.sayImageWarnings(site));
    await devSite.writeNewImages();
    return devSite;
  }

  /**
   * Says the description images from origins the config does not list that were not said yet, each
   * once (by its file and URL: an edit above it moves its line, it is the same image).
   */
  private async sayImageWarnings(site: Site): Promise<void> {
    for (const warning of await imageWarnings(site)) {
      const image = warning.replace(/^(.*?):\d+:\d+: /, '$1: ');
      if (this.imagesSaid.has(image)) continue;
      this.imagesSaid.add(image);
      this.report.warning(warning);
    }
  }

  /** Copies the images the site shows that the scratch folder does not hold yet. */
  private async writeNewImages(): Promise<void> {
    for (const url of await writeImages(this.site.images, this.filesDir, this.imagesWritten))
      this.imagesWritten.add(url);
  }

  private useSite(changed: Site): void {
    this.routeTable = siteRoutes(changed);
    const site = withRoutes(changed, this.routeTable);
    this.site = site;
    this.byRoute = new Map(this.routeTable.map((route) => [route.route, route]));
  }

  get baseUrl(): string {
    return this.site.config.baseUrl;
  }

  /** The site as loaded: a site made by new code that reads it the same way (a theme edit) starts from it. */
  get loaded(): Site {
    return this.site;
  }

  /** The site's config, as loaded. */
  get config(): Site['config'] {
    return this.site.config;
  }

  /** The project's code the config and the components were compiled from. */
  get compiledFrom(): Site['compiledFrom'] {
    return this.site.compiledFrom;
  }

  /** The file of `public/` a request path names, by the rule the build copies `public/` by; a DocsgenError when it is refused. */
  async publicFile(pathname: string): Promise<string | undefined> {
    const folder = await openPublicFolder(this.site.root, this.site.config.publicDotfiles);
    const entry = folder && (await resolvePublicEntry(folder, pathname));
    return entry?.kind === 'file' ? entry.real : undefined;
  }

  /** The HTML of a page route, rendered now if it is not already known. */
  async page(route: string): Promise<string | undefined> {
    return this.byRoute.get(route)?.page ? this.answer(this.content(route)) : undefined;
  }

  /** A file route (the OpenAPI download, `/sitemap.xml`): its text, rendered now if needed. */
  async file(pathname: string): Promise<string | undefined> {
    return this.byRoute.get(pathname)?.page === false ? this.answer(this.content(pathname)) : undefined;
  }

  notFound(): Promise<string> {
    const route = this.routeTable.find((candidate) => candidate.role === 'notFound');
    return route ? (this.answer(this.content(route.route)) as Promise<string>) : Promise.resolve('Not found');
  }

  /** A route's text: kept, being rendered (by a request or the refresh), or rendered now. */
  private content(route: string): Promise<string | undefined> {
    const known = this.rendered.get(route);
    if (known !== undefined) return Promise.resolve(known);
    const version = this.version;
    const pending = this.rendering.get(route);
    if (pending?.version === version) return pending.text;
    const text = this.renderText(route, version).finally(() => {
      if (this.rendering.get(route)?.text === text) this.rendering.delete(route);
    });
    this.rendering.set(route, { version, text });
    return text;
  }

  private async renderText(route: string, version: number): Promise<string | undefined> {
    const rendered = await this.render(route);
    if (!rendered) return undefined;
    const text = contentText(rendered.content);
    if (version === this.version) this.keep({ ...rendered, content: text });
    return text;
  }

  private keep({ route, content, output }: LoadedRoute): void {
    this.rendered.set(route, contentText(content));
    if (output) this.outputs.set(route, output);
  }

  /** Renders one route with its source, as a build's render thread would (its content read, served from memory). */
  private async render(route: string): Promise<LoadedRoute | undefined> {
    const site = this.site;
    const entry = this.byRoute.get(route);
    if (!entry) return undefined;
    let result: LoadedRoute | undefined;
    await entry.source.render(
      site,
      this.state,
      [route],
      await entry.source.inputs?.(site, [route]),
      async (rendered) => {
        if (rendered.route === route) result = { ...rendered, content: await loadedContent(rendered.content) };
      },
    );
    return result;
  }

  /**
   * The theme's stylesheets changed: bundles the assets again, beside the old files (a page open
   * in the browser still names them, and gets them until it reloads), and forgets the rendered
   * pages, which name the old ones. Each page renders again when asked for, its content from the
   * cache; a DocsgenError (a stylesheet that does not parse) leaves the site as it was.
   */
  async restyle(): Promise<void> {
    const bundled = await bundleAssets(this.filesDir);
    const { baseUrl } = this.site.config;
    const assets = {
      ...this.site.assets,
      css: withBase(baseUrl, bundled.css),
      runtime: withBase(baseUrl, bundled.runtime),
    };
    this.useSite({ ...this.site, assets });
    this.version++;
    this.rendered.clear();
  }

  /**
   * Applies a change to a project file (relative, '/'-separated) through the sources that
   * watch it: each works out the new site, the routes it made stale and those to render now (so
   * a mistake is caught on save, not on the next request). Undefined when no source watches it.
   */
  async changed(file: string): Promise<ChangeOutcome | undefined> {
    const sources = pageSources.filter((source) => source.watches(this.site, file));
    if (sources.length === 0) return undefined;
    let site = this.site;
    let stale: Set<string> | '*' = new Set();
    const check: string[] = [];
    let broken: BrokenLink[] = [];
    try {
      for (const source of sources) {
        const change: SourceChange = source.changed
          ? await source.changed(site, file)
          : { site, stale: siteRoutes(site, [source]).map(({ route }) => route), check: [] };
        site = change.site;
        if (change.stale === '*' || stale === '*') stale = '*';
        else for (const route of change.stale) stale.add(route);
        check.push(...change.check);
        this.later.push(...(change.later ?? []));
        for (const warning of change.warnings ?? []) this.report.warning(warning.format(this.site.root));
      }
      // No source found a change (a file saved as it was): the site, its pages and its search index stay.
      if (site === this.site && stale !== '*' && stale.size === 0 && check.length === 0) return { reload: [] };
      // Pages that show what those sources work out (the API changes) are stale with them: compared once.
      if (stale !== '*' && !isDeepStrictEqual(this.site.apiChanges, site.apiChanges))
        for (const source of pageSources)
          for (const shown of [this.site, site])
            for (const route of source.showsApiChanges?.(shown) ?? []) stale.add(route);
      const previous = this.site;
      this.useSite(site);
      await this.writeNewImages();
      // Render what the change names now, with the new site, before anything is forgotten.
      let checked: LoadedRoute[];
      try {
        checked = (await Promise.all(check.map((route) => this.render(route)))).filter(
          (rendered) => rendered !== undefined,
        );
      } catch (error) {
        this.useSite(previous);
        throw error;
      }
      this.version++;
      if (stale === '*') {
        this.rendered.clear();
        this.outputs.clear();
      } else {
        for (const route of stale) {
          this.rendered.delete(route);
          this.outputs.delete(route);
        }
      }
      for (const rendered of checked) this.keep(rendered);
      broken = this.brokenLinksOf(checked);
      // An edited description's images from origins the config does not list: said after the page is served, as at the start.
      const signatures = (shown: Site) => shown.versions.map(({ openApi }) => openApi?.signature);
      if (!isDeepStrictEqual(signatures(previous), signatures(site)))
        this.later.push(() => this.sayImageWarnings(site));
    } catch (error) {
      if (error instanceof DocsgenError) return { error };
      throw error;
    }
    this.scheduleRefresh(refreshPauseMs);
    // Open pages compare their own path, which carries the site's base.
    const reload =
      stale === '*'
        ? '*'
        : [...stale]
            .filter((route) => this.byRoute.get(route)?.page !== false)
            .map((route) => withBase(this.site.config.baseUrl, route));
    // The saved page's broken links are known without the whole site: shown at once, in the overlay;
    // a description's link to an anchor is a warning, printed by the check of the whole site.
    const failing = broken.filter((link) => !isLinkWarning(link));
    return failing.length > 0
      ? { reload, error: errorOfAll(failing.map((link) => brokenLinkError(link))) }
      : { reload };
  }

  /**
   * The broken links of pages just rendered, known without rendering the rest of the site: a
   * file that is not there (an image, a .md page), a page the site does not have (with the route
   * it resembles: a renamed page's new one), an anchor a rendered page does not carry. An anchor
   * into a page not rendered yet is left to the background check.
   */
  private brokenLinksOf(pages: LoadedRoute[]): BrokenLink[] {
    const listed = listedRoutes(this.routeTable);
    const ids = new Map<string, ReadonlySet<string>>();
    for (const { route, page, listed: reached } of listed)
      if (page && reached) ids.set(route, new Set(this.outputs.get(route)?.ids ?? []));
    const files = new Set(listed.filter((route) => !route.page).map(({ route }) => route));
    const links = pages.flatMap((rendered) => rendered.output?.links ?? []);
    return placeDescriptionLinks(
      checkLinks(links, ids, files, shellIdsOf(this.outputs.values())).filter(
        (link) => link.reason !== 'missing anchor' || this.outputs.has(linkRoute(link.href) ?? ''),
      ),
      descriptionSources(this.site),
    );
  }

  /**
   * Renders every page not yet rendered, in the background, so that the search index and the
   * link check cover the whole site; runs again if a change arrives meanwhile. After a change it
   * waits for a pause in the edits: the page just saved must be served first, and each index
   * costs its thread a while (GitHub's: ~0.9 s of CPU). Between its pages it waits for the
   * requests being answered (`quiet`); the index is written in a thread of its own.
   */
  scheduleRefresh(delayMs = 0): void {
    clearTimeout(this.refreshTimer);
    if (this.closed || this.paused) return;
    if (delayMs > 0) {
      this.refreshTimer = setTimeout(() => {
        this.refreshTimer = undefined;
        this.scheduleRefresh();
      }, delayMs);
      return;
    }
    this.refreshTimer = undefined;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = this.refresh().finally(() => {
      this.refreshing = undefined;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.scheduleRefresh(refreshPauseMs);
      }
    });
  }

  /**
   * Holds the background refresh (it stops at its next page) while the server compiles the
   * theme again: rendering the whole site with the old theme only slowed the compile down.
   * `resume` starts it again when the compile failed and this site goes on.
   */
  pause(): void {
    this.paused = true;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  resume(): void {
    this.paused = false;
    this.scheduleRefresh(refreshPauseMs);
  }

  /**
   * Stops the background refresh and closes the cache's files: the server replaced this site (a
   * config or engine change) or stops. Without it, every replaced site kept its pack files open.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    // A running refresh returns at its next page.
    this.refreshAgain = true;
    await this.refreshing;
    this.state.close();
    await this.indexWriter.close();
  }

  /** Resolves when the background refresh under way, if any, has ended; one that is pending stays pending. */
  async refreshed(): Promise<void> {
    await this.refreshing;
  }

  /** Resolves when no background refresh is pending or running (tests, and the first start). */
  async idle(): Promise<void> {
    while (this.refreshTimer || this.refreshing) {
      if (this.refreshTimer) this.scheduleRefresh();
      await this.refreshing;
    }
  }

  /**
   * Brings the search index and the link check up to date with one version of the site. A change
   * applied meanwhile (which may forget rendered pages and change the page list) ends this
   * refresh without a word: its own refresh follows, and only a check of a whole, unchanged
   * site is reported (a half-updated one reported pages that exist as broken links).
   */
  private async refresh(): Promise<void> {
    const version = this.version;
    const overtaken = () => this.refreshAgain || this.closed || this.paused || this.version !== version;
    try {
      // What the pages served left for later (a parse kept in the render cache, a description's check) comes first.
      for (let work = this.later.shift(); work; work = this.later.shift()) {
        await this.quiet();
        if (this.closed) return;
        await work();
      }
      for (const { route, page, listed } of this.routeTable) {
        // Requests in between pages: a request must not wait for the whole site.
        await this.quiet();
        if (overtaken()) return;
        // Pages readers reach: what the search index and the link check read.
        if (!page || !listed || this.outputs.has(route)) continue;
        await this.content(route);
      }
      await this.quiet();
      if (overtaken()) return;
      // The index is not kept in the cache: it changes with every edit.
      const broken = await finishSite(
        this.site,
        listedRoutes(this.routeTable),
        [...this.outputs.values()],
        this.filesDir,
        { indexWriter: this.indexWriter },
      );
      if (overtaken()) return;
      for (const link of broken) this.report.warning(formatBrokenLink(link, this.site.root));
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      this.report.error(error);
    }
  }
}
