import type { DocsgenConfig } from '../config/schema.ts';
import type { RenderSite, Site, SiteVersion, VersionContent, VersionMeta } from './site.ts';
import { currentVersionName, versionsLayout, type VersionEntry } from './versionsFile.ts';

/** A version to load: where it lives, and its OpenAPI description's root file (from the project root; absent: none). */
interface VersionSource {
  meta: VersionMeta;
  openApiFile?: string;
}

/** The version writers edit: today's routes, content/docs and the config's OpenAPI description. */
export function currentVersion(config: DocsgenConfig): VersionSource {
  return {
    meta: {
      name: currentVersionName,
      label: config.docs.versionLabel ?? 'Current',
      docsBase: '/docs/',
      apiBase: '/api/',
      docsDir: versionsLayout.currentDocsDir,
    },
    openApiFile: config.openapi,
  };
}

/** A snapshot versions.json lists: its routes under its label, its folders (versionsLayout). */
export function snapshotVersion({ label, openapi }: VersionEntry): VersionSource {
  return {
    meta: {
      name: label,
      label,
      docsBase: `/docs/${label}/`,
      apiBase: `/api/${label}/`,
      docsDir: versionsLayout.docsDir(label),
    },
    openApiFile: openapi === undefined ? undefined : `${versionsLayout.openApiDir(label)}/${openapi}`,
  };
}

const contentKeys = [
  'docs',
  'categories',
  'images',
  'openApi',
  'openApiUpdated',
  'apiPages',
  'sidebar',
  'readingOrder',
  'navbarItems',
  'routesByPath',
] as const satisfies readonly (keyof VersionContent)[];

/** Where a version lives, without what it holds. */
export function versionMeta({ name, label, docsBase, apiBase, docsDir }: VersionMeta): VersionMeta {
  return { name, label, docsBase, apiBase, docsDir };
}

/** What a version holds (a `SiteVersion`, or a view's top level), without anything else. */
export function versionContent(version: VersionContent): VersionContent {
  return Object.fromEntries(contentKeys.map((key) => [key, version[key]])) as unknown as VersionContent;
}

/** The docs search tag of a version's pages, as Docusaurus names it (`docs-<plugin>-<version>`). */
export const versionSearchTag = (version: Pick<VersionMeta, 'name'>) => `docs-default-${version.name}`;

// A view is made once per site value and version, so what is worked out per site value (lookupsFor) is too.
const views = new WeakMap<object, Map<string, object>>();

/**
 * The site as the pages of one version see it: that version's pages, sidebar, navbar links and
 * OpenAPI description at the top level, everything else shared. The page sources render a
 * snapshot's pages with it, exactly as they render the current version's with the site itself.
 */
export function versionView<S extends RenderSite>(site: S, name: string): S {
  if (site.version.name === name) return site;
  let byName = views.get(site);
  if (!byName) views.set(site, (byName = new Map()));
  let view = byName.get(name) as S | undefined;
  if (!view) {
    const version = site.versions.find((candidate) => candidate.name === name);
    if (!version) throw new Error(`no version named ${name}`);
    const content = Object.fromEntries(
      contentKeys.filter((key) => key in version).map((key) => [key, (version as Record<string, unknown>)[key]]),
    );
    view = { ...site, ...content, version: versionMeta(version) };
    byName.set(name, view);
  }
  return view;
}

/** The site as each version's pages see it, the current version first. */
export const versionViews = <S extends RenderSite>(site: S): S[] =>
  site.versions.map((version) => versionView(site, version.name));

/** The site with one version's content replaced (a page of it saved), and at the top level too when it is the one shown. */
export function withVersion(site: Site, name: string, content: VersionContent): Site {
  const versions = site.versions.map((version) => (version.name === name ? { ...version, ...content } : version));
  return site.version.name === name ? { ...site, ...content, versions } : { ...site, versions };
}

/** The version a route belongs to: the one whose docs or API prefix is the longest that starts it (none: a shared page). */
export function versionOfRoute(site: Pick<RenderSite, 'versions'>, route: string): VersionMeta | undefined {
  let found: VersionMeta | undefined;
  let length = 0;
  for (const version of site.versions)
    for (const prefix of [version.docsBase, version.apiBase])
      if (route.startsWith(prefix) && prefix.length > length) {
        found = versionMeta(version);
        length = prefix.length;
      }
  return found;
}

/** A version as the dropdown and the banner link to it from one page. */
export interface VersionLink {
  name: string;
  label: string;
  /** The same page in that version, or else its first page. */
  href: string;
  /** Whether `href` is the same page. */
  samePage: boolean;
}

// Every route a version's docs and API reference serve, once per version value.
const versionRoutes = new WeakMap<object, Set<string>>();
function routesOf(version: RenderSite['versions'][number]): Set<string> {
  let routes = versionRoutes.get(version);
  if (!routes) {
    routes = new Set([
      ...version.routesByPath.map(([, route]) => route),
      ...version.apiPages.map(({ route }) => route),
    ]);
    versionRoutes.set(version, routes);
  }
  return routes;
}

/**
 * Where each version has the page at `route`, newest first: the route with the version's prefix
 * in place of the page's own when that version has it (`/docs/1.0/a/` ↔ `/docs/a/`, `/api/1.0/`
 * ↔ `/api/`), else the version's first page. A shared page (home, search) links to each
 * version's first page.
 */
export function versionLinks(site: Pick<RenderSite, 'config' | 'versions'>, route: string): VersionLink[] {
  const own = versionOfRoute(site, route);
  const inDocs = own !== undefined && route.startsWith(own.docsBase);
  return site.versions.map((version) => {
    const candidate =
      own &&
      `${inDocs ? version.docsBase : version.apiBase}${route.slice((inDocs ? own.docsBase : own.apiBase).length)}`;
    const samePage = candidate !== undefined && routesOf(version).has(candidate);
    const first = version.readingOrder[0]?.route ?? version.apiBase;
    return { name: version.name, label: version.label, href: samePage ? candidate : first, samePage };
  });
}

/**
 * What a page's shell shows of the other versions (the dropdown's and the banner's links): each
 * version's name, label and routes; nothing on a site of one version, whose shells then do not
 * change with its API description.
 */
export function versionsShown(site: Pick<RenderSite, 'config' | 'versions'>): unknown {
  if (site.versions.length < 2) return [];
  return site.versions.map((version) => [version.name, version.label, [...routesOf(version)]]);
}

/**
 * The route segments a version's split reference may not give a tag: the first segment of each
 * other version's reference below its own (`v2` of `/api/v2/` below `/api/`), lowercased, since
 * tag slugs are and a case-insensitive file system would merge `V2/` and `v2/`.
 */
export const apiSegmentsTaken = (versions: readonly Pick<VersionMeta, 'apiBase'>[], apiBase: string): string[] =>
  versions
    .filter((other) => other.apiBase !== apiBase && other.apiBase.startsWith(apiBase))
    .map((other) => other.apiBase.slice(apiBase.length).split('/')[0].toLowerCase());
