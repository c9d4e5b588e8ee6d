import { llmsFullIndex, llmsFullTxt, llmsTxt, twinRoute, type LlmsSite } from '../llms/llmsTxt.ts';
import { llmsFullParts } from '../llms/llmsFullParts.ts';
import { largestFileEverywhere } from '../write/hostLimits.ts';
import { markdownTwin, type TwinContext, type TwinPage } from '../llms/markdownTwin.ts';
import { twinMadeFrom, twinOf, twinWritten } from '../llms/twinsOnce.ts';
import { sidebarTrail } from '../site/sidebarIndex.ts';
import { docsByRoute, type SiteDoc, type RenderSite, type Site } from '../site/site.ts';
import { versionView } from '../site/siteVersions.ts';
import type { PageSource } from './pageSource.ts';
import { apiDownloads } from './apiSource.ts';
import { docsSource } from './docsSource.ts';
import { changelogOfPage } from '../props/changelogData.ts';
import { changelogMarkdown } from '../model/changelogText.ts';
import { publishedUrl } from '../model/paths.ts';
import { markdownTwinsOn } from '../llms/markdownTwinsOn.ts';
import { apiLlmsEntries } from '../llms/apiLlmsEntries.ts';

const pagesPerJob = 200;

/** llms.txt, llms-full.txt and the files llms-full.txt's text is split into when too large for one. */
const isIndexRoute = (route: string) => /^\/llms(-full(-\d+)?)?\.txt$/.test(route);

/** The files the current version's full text is split into, by the largest file every host accepts (none: one file). */
const fullParts = (site: Site, pages = readingOrder(site)) =>
  llmsFullParts(pages, largestFileEverywhere(site.config.deploy));

/** A version's pages a job reads, by the version's name. */
type VersionPages = { version: string; pages: TwinPage[] }[];

/**
 * AI-ready text (llmstxt.org): `/llms.txt` lists every docs page and the API reference (older
 * versions' under `## Optional`), `/llms-full.txt` holds the current version's pages' Markdown in
 * reading order (or, when that is over the largest file a host accepts, lists the files
 * `/llms-full-<n>.txt` that hold it, whole sections in each where they fit), and each docs page of every version has a Markdown twin at `<route>index.md`,
 * announced in its head (`rel="alternate"`), unless twins are off (`markdownTwinsOn`: by config, or by default above a page count; then
 * llms.txt lists the pages, and a page without a twin has no "Copy page" actions). They are
 * alternates of the pages, not pages: the sitemap leaves them out.
 */
export const llmsSource: PageSource<VersionPages> = {
  name: 'llms',
  routes: (site) => [
    ...['/llms.txt', '/llms-full.txt', ...fullParts(site).map((part) => part.route)].map((route) => ({
      route,
      page: false,
    })),
    ...(!markdownTwinsOn(site) ? [] : site.versions).flatMap(({ docs }) =>
      docs.map(({ source }) => ({
        route: twinRoute(source.route),
        page: false,
        alternateOf: { route: source.route, type: 'text/markdown' },
      })),
    ),
  ],
  // What the docs source reads: the same pages, as written, and the images a twin links to by their hashed names.
  watchedPaths: (project) => docsSource.watchedPaths(project),
  watches: (site, file) => docsSource.watches(site, file),
  // The changelog page's twin, and llms-full.txt (or the file of it), which holds it.
  showsApiChanges: (site) => {
    const changelog = site.config.docs.changelogPath;
    if (!changelog || !markdownTwinsOn(site)) return [];
    return [twinRoute(changelog), '/llms-full.txt', ...fullParts(site).map((part) => part.route)];
  },
  jobs: (_site, routes) => {
    const twins = routes.filter((route) => !isIndexRoute(route));
    const jobs = [routes.filter(isIndexRoute)];
    for (let index = 0; index < twins.length; index += pagesPerJob) jobs.push(twins.slice(index, index + pagesPerJob));
    return jobs.filter((job) => job.length > 0);
  },
  // The index files read every version's pages; a twin, its own.
  inputs: (site, routes) =>
    site.versions.map(({ name }) => {
      const view = versionView(site, name);
      return {
        version: name,
        pages: routes.some(isIndexRoute) ? readingOrder(view) : twinPages(view, routes),
      };
    }),
  // Twins are made each build: ~0.3 ms a page in one thread (1,000 varied pages, 0.31 ms measured).
  estimate: (site) => 0.3 * site.versions.reduce((sum, { docs }) => sum + docs.length, 0),
  async render(site, _state, routes, versions, emit) {
    const [current, ...older] = versions;
    const context = twinContext(site);
    const llms = () => ({
      ...llmsSite(site, current.pages),
      olderVersions: older.map(({ version, pages }) => {
        const view = versionView(site, version);
        const api = view.openApi && view.version.apiBase;
        return { label: view.version.label, pages, api: api && (declaresTwins(site, api) ? twinRoute(api) : api) };
      }),
    });
    // With twins, each page's is made once, for llms-full.txt and for its own file (without, made once anyway).
    const twin = declaresTwins(site) ? twinOf : markdownTwin;
    const maxBytes = largestFileEverywhere(site.config.deploy);
    const parts = routes.some(isIndexRoute) ? llmsFullParts(current.pages, maxBytes) : [];
    for (const route of routes.filter(isIndexRoute)) {
      const part = parts.find((candidate) => candidate.route === route);
      if (route === '/llms.txt')
        await emit({
          route,
          content: llmsTxt(llms(), context, { twins: declaresTwins(site), fullFiles: parts.length }),
        });
      else if (part) await emit({ route, content: llmsFullTxt({ ...llms(), pages: part.pages }, context, twin) });
      else if (parts.length > 0) await emit({ route, content: llmsFullIndex(llms(), parts, context, maxBytes) });
      else await emit({ route, content: llmsFullTxt(llms(), context, twin) });
    }
    // Each twin reads its links and images as its version's pages do. Made only when its file is
    // not linked from the last build's (made from the same, by twinMadeFrom).
    for (const { version, pages } of versions) {
      const versionContext = twinContext(versionView(site, version));
      for (const page of pages.filter((candidate) => routes.includes(twinRoute(candidate.route)))) {
        await emit({
          route: twinRoute(page.route),
          content: async () => twin(page, versionContext),
          madeFrom: twinMadeFrom(page, versionContext),
        });
        twinWritten(page, versionContext);
      }
    }
  },
};

function twinPage(site: RenderSite, { source, title }: SiteDoc): TwinPage {
  const changelog = changelogOfPage(site, source.route, (sitePath) => publishedUrl(site.config, sitePath));
  return {
    route: source.route,
    title,
    description: source.frontMatter.description,
    markdown: source.markdown,
    relativePath: source.relativePath,
    section: sidebarTrail(site.sidebar, source.route)[0]?.label,
    generated: changelog && changelogMarkdown(changelog),
  };
}

function twinPages(site: Site, routes: string[]): TwinPage[] {
  const wanted = new Set(routes);
  return site.docs.filter(({ source }) => wanted.has(twinRoute(source.route))).map((task) => twinPage(site, task));
}

/** Every docs page in reading order (the sidebar's), with the section it belongs to. */
function readingOrder(site: Site): TwinPage[] {
  const byRoute = docsByRoute(site);
  return site.readingOrder.flatMap(({ route }) => {
    const task = byRoute.get(route);
    return task ? [twinPage(site, task)] : [];
  });
}

function twinContext(site: RenderSite): TwinContext {
  return {
    siteUrl: `${site.config.url.replace(/\/$/, '')}${site.config.baseUrl}`,
    variables: site.variables,
    routes: new Map(site.routesByPath),
    images: new Map(site.images.map((image) => [image.relativePath, image.url])),
  };
}

function llmsSite(site: RenderSite, pages: TwinPage[]): LlmsSite {
  // One section per top sidebar category, in order of first appearance; pages outside any, in "Documentation".
  const sections = new Map<string, TwinPage[]>();
  for (const page of pages) {
    const title = page.section ?? 'Documentation';
    sections.set(title, [...(sections.get(title) ?? []), page]);
  }
  const reference = site.roles?.reference;
  const [yaml, json, postman] = reference ? apiDownloads(site) : [];
  return {
    title: site.config.title,
    summary: site.config.tagline,
    pages,
    sections: [...sections].map(([title, pages]) => ({ title, pages })),
    api: reference
      ? [
          // Each page of the reference (its twin, where it has one).
          ...apiLlmsEntries(site.openApi!, site.apiPages, { twins: declaresTwins(site, site.apiPages[0]?.route) }),
          { title: yaml!.label, href: yaml!.href, description: 'the OpenAPI description the reference is built from' },
          { title: json!.label, href: json!.href, description: 'the same description as JSON' },
          { title: postman!.label, href: postman!.href, description: 'every operation as a request to send' },
        ]
      : [],
  };
}

/** Whether the routes declared Markdown twins, of any page or of `route` (a render thread has the site without its docs' sources to count). */
const declaresTwins = (site: RenderSite, route?: string) =>
  Object.entries(site.alternates ?? {}).some(
    ([of, alternates]) =>
      (route === undefined || of === route) && alternates.some(({ type }) => type === 'text/markdown'),
  );
