import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { loadSite, modelFrom, pageTitle, type SiteModel } from '../build/loadSite.ts';
import { assetsDataFor, checkSiteLinks, siteContextFor } from '../build/build.ts';
import { bundleAssets } from '../render/bundleAssets.ts';
import { createRenderState, type RenderState } from '../build/renderJobs.ts';
import { renderDocPage, type DocPageTask } from '../build/renderDocPages.ts';
import { renderApiReferencePage, postmanCollectionText, apiDownloads } from '../build/renderApiReference.ts';
import { renderSitePage, sitePageRoutes, type SitePageRoute } from '../build/renderSitePages.ts';
import { readPage } from '../content/discoverPages.ts';
import { robotsTxt, sitemapXml } from '../build/writeSitemap.ts';
import { routeManifest } from '../build/routeManifest.ts';
import { writeSearchIndex } from '../search/writeSearchIndex.ts';
import { siteSearchRecords } from '../search/buildSearchRecords.ts';
import { engineFingerprint } from '../build/engineFingerprint.ts';
import type { PageOutput } from '../build/pageOutput.ts';
import type { SiteContext } from '../build/siteContext.ts';
import { formatBrokenLink } from '../build/checkLinks.ts';
import { lazyCategories, sidebarFragmentItems, sidebarFragmentRoute } from '../build/siteData.ts';
import { renderSidebarFragment } from '../render/renderPage.tsx';
import { DocsgenError } from '../errors.ts';

/** Pages whose HTML the dev server keeps ready; the rest of a large site renders on request. */
const renderedPagesKept = 200;

/** Quiet time after a change before the search index and link check are brought up to date. */
const refreshPauseMs = 400;

/** What a change did: which routes to reload ('*' for all), or the error it introduced. */
export type ChangeOutcome = { reload: string[] | '*' } | { error: DocsgenError };

/**
 * The site as the dev server sees it: the model in memory, pages rendered on request and kept
 * until a change invalidates them, generated files (assets, downloads, search index) in a
 * scratch folder. An edit to one page re-renders that page, and the shell of the others only
 * when the sidebar changed; nothing else is rebuilt.
 */
export class DevSite {
  /** Rendered pages, the recently served ones: a page not here is rendered again on request. */
  private readonly html = new LRUCache<string, string>({ max: renderedPagesKept });
  private readonly outputs = new Map<string, PageOutput>();
  /** Counts changes, so a page rendered from the state before a change is not kept after it. */
  private version = 0;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private refreshTimer: NodeJS.Timeout | undefined;

  private constructor(
    private site: SiteModel,
    private context: SiteContext,
    private readonly state: RenderState,
    readonly filesDir: string,
    private readonly configSource: string,
    private readonly log: (line: string) => void,
  ) {}

  static async create(root: string, configFile: string | undefined, log: (line: string) => void): Promise<DevSite> {
    const site = await loadSite(root, configFile);
    const filesDir = path.join(root, '.docsgen-cache', `dev-${process.pid}`);
    await rm(filesDir, { recursive: true, force: true });
    await mkdir(filesDir, { recursive: true });
    const assets = await bundleAssets(filesDir);
    const context = siteContextFor(site, filesDir, assetsDataFor(site.config, assets), path.join(root, '.docsgen-cache', engineFingerprint()));
    const devSite = new DevSite(site, context, await createRenderState(context), filesDir, await readFile(site.configFile, 'utf8'), log);
    await devSite.writeSiteFiles();
    return devSite;
  }

  get routes(): string[] {
    return [...this.site.docs.map(({ source }) => source.route), '/api/', ...sitePageRoutes.filter((route) => route !== '/404/')];
  }

  /** The HTML of a route, rendered now if it is not already known. */
  async page(route: string): Promise<string | undefined> {
    if (route.startsWith('/_sidebar/')) return this.sidebarFragment(route);
    const known = this.html.get(route);
    if (known !== undefined) return known;
    const version = this.version;
    const rendered = await this.render(route);
    if (!rendered) return undefined;
    if (version === this.version) {
      this.html.set(route, rendered.html);
      this.outputs.set(route, rendered.output);
    }
    return rendered.html;
  }

  /** A lazy sidebar category's list (`/_sidebar/<folder>/`): small, so rendered on each request. */
  private sidebarFragment(route: string): string | undefined {
    const category = lazyCategories(this.context.sidebar).find((candidate) => sidebarFragmentRoute(candidate) === route);
    return category && renderSidebarFragment(sidebarFragmentItems(category));
  }

  notFound(): Promise<string> {
    return this.page('/404/') as Promise<string>;
  }

  private async render(route: string) {
    const task = this.site.docs.find(({ source }) => source.route === route);
    if (task) return renderDocPage(this.context, this.state, task);
    if (route === '/api/') {
      const api = await renderApiReferencePage(this.context, this.state);
      for (const [href, content] of api.files) await writeFile(path.join(this.filesDir, href), content);
      return api;
    }
    if ((sitePageRoutes as string[]).includes(route)) return renderSitePage(this.context, this.state.renderMarkdown, this.site.variables, route as SitePageRoute);
    return undefined;
  }

  /**
   * Applies a change to one content file: re-reads it, re-renders it (so a mistake is caught now,
   * not on the next request), and forgets the pages whose shell it changes.
   */
  async contentChanged(file: string): Promise<ChangeOutcome> {
    const docsDir = path.join(this.site.root, 'content', 'docs');
    const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
    const raw = await readFile(file, 'utf8').catch(() => undefined);
    const index = this.site.docs.findIndex(({ source }) => source.relativePath === relativePath);
    const before = this.site.docs[index];
    let docs = [...this.site.docs];
    let task: DocPageTask | undefined;
    if (raw === undefined) {
      if (index !== -1) docs.splice(index, 1);
    } else {
      try {
        const source = readPage(raw, file, relativePath, this.site.variables);
        const title = pageTitle(source, this.site.variables);
        const clash = docs.find((other, i) => i !== index && other.source.route === source.route);
        if (clash) throw new DocsgenError(`two pages claim the route ${source.route}: ${clash.source.relativePath} and ${relativePath}`, { file, line: 1, column: 1 });
        task = { source, title };
        docs = index === -1 ? [...docs, task].sort((a, b) => a.source.relativePath.localeCompare(b.source.relativePath)) : docs.map((other, i) => (i === index ? task! : other));
      } catch (error) {
        if (error instanceof DocsgenError) return { error };
        throw error;
      }
    }
    const shellChanged =
      !before || !task || before.title !== task.title || before.source.route !== task.source.route ||
      before.source.frontMatter.sidebar_label !== task.source.frontMatter.sidebar_label ||
      before.source.frontMatter.sidebar_position !== task.source.frontMatter.sidebar_position;
    try {
      const site = shellChanged ? modelFrom(this.site.root, this.site.config, this.site.configFile, this.configSource, this.site.variables, docs, this.site.categories) : { ...this.site, docs };
      const context = { ...this.context, routesByPath: site.docs.map(({ source }) => [source.relativePath, source.route] as [string, string]), sidebar: site.sidebar, readingOrder: site.readingOrder, navbarItems: site.navbarItems };
      const rendered = task ? await renderDocPage(context, this.state, task) : undefined;
      this.site = site;
      this.context = context;
      this.version++;
      if (shellChanged) {
        this.html.clear();
        this.outputs.clear();
      }
      if (task && rendered) {
        this.html.set(task.source.route, rendered.html);
        this.outputs.set(task.source.route, rendered.output);
      }
    } catch (error) {
      if (error instanceof DocsgenError) return { error };
      throw error;
    }
    if (shellChanged) {
      await this.writeSiteFiles();
      this.scheduleRefresh(refreshPauseMs);
      return { reload: '*' };
    }
    this.scheduleRefresh(refreshPauseMs);
    return { reload: [task?.source.route ?? before!.source.route] };
  }

  /** content/home.md changed: re-render the home page now. */
  async homeChanged(): Promise<ChangeOutcome> {
    try {
      const home = await renderSitePage(this.context, this.state.renderMarkdown, this.site.variables, '/');
      this.version++;
      this.html.set('/', home.html);
      this.outputs.set('/', home.output);
    } catch (error) {
      if (error instanceof DocsgenError) return { error };
      throw error;
    }
    this.scheduleRefresh(refreshPauseMs);
    return { reload: ['/'] };
  }

  /** The OpenAPI file changed: re-render the reference now, to report a mistake at once. */
  async openApiChanged(): Promise<ChangeOutcome> {
    try {
      const api = await renderApiReferencePage(this.context, this.state);
      for (const [href, content] of api.files) await writeFile(path.join(this.filesDir, href), content);
      await writeFile(path.join(this.filesDir, apiDownloads[2].href), await postmanCollectionText(this.context, this.state.postmanCache));
      this.version++;
      this.html.set('/api/', api.html);
      this.outputs.set('/api/', api.output);
    } catch (error) {
      if (error instanceof DocsgenError) return { error };
      throw error;
    }
    this.scheduleRefresh(refreshPauseMs);
    return { reload: ['/api/'] };
  }

  /** Sitemap, robots.txt and the Postman collection: files that follow from the model. */
  private async writeSiteFiles(): Promise<void> {
    const { config } = this.site;
    await writeFile(path.join(this.filesDir, 'sitemap.xml'), sitemapXml(config.url, this.routes.filter((route) => route !== '/search/').sort()));
    await writeFile(path.join(this.filesDir, 'robots.txt'), robotsTxt(config.url));
    await writeFile(path.join(this.filesDir, 'routes.json'), routeManifest(this.routes));
    await mkdir(path.join(this.filesDir, 'api'), { recursive: true });
  }

  /**
   * Renders every page not yet rendered, in the background, so that the search index and the
   * link check cover the whole site; runs again if a change arrives meanwhile. After a change it
   * waits for a pause in the edits: rebuilding the index of a large site takes the thread for
   * a while, and the page just saved must be served first.
   */
  scheduleRefresh(delayMs = 0): void {
    clearTimeout(this.refreshTimer);
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

  /** Resolves when no background refresh is pending or running (tests, and the first start). */
  async idle(): Promise<void> {
    while (this.refreshTimer || this.refreshing) {
      if (this.refreshTimer) this.scheduleRefresh();
      await this.refreshing;
    }
  }

  private async refresh(): Promise<void> {
    try {
      const routes = [...this.routes, '/404/'];
      for (const route of routes) {
        if (this.refreshAgain) return;
        if (this.outputs.has(route)) continue;
        await this.page(route);
        // Let requests in between pages: a request must not wait for the whole site.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await writeFile(path.join(this.filesDir, 'api', 'postman-collection.json'), await postmanCollectionText(this.context, this.state.postmanCache));
      const outputs = [...this.outputs.values()];
      await writeSearchIndex(siteSearchRecords(outputs), this.filesDir, this.site.config);
      for (const link of checkSiteLinks(outputs)) this.log(`warning: ${formatBrokenLink(link)}`);
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      this.log(`error: ${error.format()}`);
    }
  }
}
