import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import { compileComponents } from '../components/compileComponents.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { contentVariables, substituteVariables, type Variables } from '../content/variables.ts';
import { discoverPages, type CategoryMeta, type SourcePage, type UnreadablePage } from '../content/discoverPages.ts';
import { headingTitle } from '../content/headingTitle.ts';
import { buildSidebar, flattenSidebar, type SidebarNode } from '../content/buildSidebar.ts';
import { resolveNavbarItems } from './navbarItems.ts';
import { DocsgenError, errorOfAll } from '../errors.ts';
import { loadOpenApi, type DescriptionCache } from '../openapi/loadOpenApi.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { referencePages } from '../openapi/referencePages.ts';
import type { ReferencePage } from '../model/apiReference.ts';
import type { AssetsData, NavbarItemData } from '../model/pageData.ts';
import type { RouteRole } from '../model/routes.ts';
import type { SiteImage } from '../content/readImage.ts';
import type { VersionChanges } from '../model/apiChanges.ts';
import { assertRoutesUnique } from '../content/pageRoute.ts';
import { filesChangedAt, pageDates, readCommitDates, type CommitDates } from '../content/lastUpdated.ts';
import { readVersionsFile } from './versionsFile.ts';
import { foreignImageWarnings } from '../openapi/descriptionImages.ts';
import { descriptionFilesAhead, type ImageCheck } from '../openapi/descriptionFilesAhead.ts';
import { cachedValue } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import type { DescriptionSources } from '../links/placeDescriptionLinks.ts';
import { apiSegmentsTaken, currentVersion, snapshotVersion, versionContent, versionMeta } from './siteVersions.ts';

/** A docs page of the site as every step sees it: its source, and its title and last-updated date decided once. */
export interface SiteDoc {
  source: SourcePage;
  title: string;
  /** When the page last changed (ms since the epoch): its last commit, or its file's modification time (src/content/lastUpdated.ts). */
  lastUpdated: number;
}

/**
 * What a version of the docs and API reference holds: its pages, their folders' metadata and
 * images, its OpenAPI description, and what follows from the pages (sidebar, reading order,
 * navbar links, routes). The `Site` holds these at its top level for the version it shows.
 */
export interface VersionContent {
  docs: SiteDoc[];
  categories: Map<string, CategoryMeta>;
  /** The images beside the pages (the version's docs folder), which the pages show and the output holds under their hashed names. */
  images: SiteImage[];
  /** The OpenAPI description, loaded once: its files, their documents, every `$ref` checked (absent: the config names none). */
  openApi?: OpenApiModel;
  /** When its description last changed (ms since the epoch; src/content/lastUpdated.ts filesChangedAt): the changelog feed's dates. */
  openApiUpdated?: number;
  /** The pages of its API reference (none without a description), planned once from the description. */
  apiPages: ReferencePage[];
  sidebar: SidebarNode[];
  readingOrder: { label: string; route: string }[];
  navbarItems: NavbarItemData[];
  /** Route of every docs page by its path below the version's docs folder. */
  routesByPath: [string, string][];
}

/** Which version a page belongs to, and where that version lives. */
export interface VersionMeta {
  /** `current` for the version writers edit, else the snapshot's label: its search tag and stored preference. */
  name: string;
  /** What the dropdown and the banner call it: the config's `docs.versionLabel`, or the snapshot's label. */
  label: string;
  /** Where its pages are served: `/docs/` and `/api/`, or `/docs/<label>/` and `/api/<label>/` for a snapshot. */
  docsBase: string;
  apiBase: string;
  /** Its pages' folder, relative to the project: `content/docs`, or `versioned_docs/version-<label>`. */
  docsDir: string;
}

/** A version of the site: where it lives and what it holds (src/site/siteVersions.ts). */
export type SiteVersion = VersionMeta &
  VersionContent & {
    /** Said once when it loads: which of its pages are dated by their files' modification times, and why. */
    lastUpdatedWarning?: string;
  };

/**
 * The resolved site, computed once and passed to every step (as VitePress passes its
 * `SiteConfig`): the config, the variables, the bundled assets, and every version with its
 * pages, sidebar and OpenAPI description. Its top-level content is the version it shows
 * (`version`): the current one, or a snapshot's in that version's view (versionView). Plain
 * data, so render threads get it too.
 */
export interface Site extends VersionContent {
  root: string;
  config: DocsgenConfig;
  configFile: string;
  /** The config file's text, for locating mistakes found after it was validated. */
  configSource: string;
  /** The project's replacements for theme components, compiled to one module (src/components/compileComponents.ts); absent: none. */
  components?: string;
  /** The project's own code files the config and the components were compiled from (src/esbuild/keptCompile.ts): what the dev server watches. */
  compiledFrom: string[];
  variables: Variables;
  /** The version whose content this value holds at its top level. */
  version: VersionMeta;
  /** Every version, newest first: the current one, then the snapshots versions.json lists. */
  versions: SiteVersion[];
  assets: AssetsData;
  /** What changed from each version of the API to the next, newest first (none with one version): src/site/siteApiChanges.ts. */
  apiChanges?: VersionChanges[];
  /** Other forms of a page by its route (its Markdown twin), from the page sources. */
  alternates?: Record<string, { type: string; href: string }[]>;
  /** The route of each role some page source gave one of its routes (src/pages/siteRoutes.ts). */
  roles?: Partial<Record<RouteRole, string>>;
  /** Folder of the rendering cache kept between builds (absent: no cache on disk). */
  cacheDir?: string;
}

/**
 * The site as a render thread has it: everything but the docs' sources, which travel only with
 * the jobs that render them (a page source's `inputs`), not to every thread.
 */
export type RenderSite = Omit<Site, 'docs' | 'versions'> & { versions: Omit<SiteVersion, 'docs'>[] };

/** The site without its docs' sources, as render threads get it. */
export function renderSiteOf({ docs: _docs, versions, ...site }: Site): RenderSite {
  return { ...site, versions: versions.map(({ docs: _versionDocs, ...version }) => version) };
}

const docIndexes = new WeakMap<SiteDoc[], Map<string, SiteDoc>>();

/** The site's docs pages by route, indexed once per list of pages (a lookup per page made 10,000 pages quadratic). */
export function docsByRoute(site: Pick<Site, 'docs'>): Map<string, SiteDoc> {
  let index = docIndexes.get(site.docs);
  if (!index) docIndexes.set(site.docs, (index = new Map(site.docs.map((task) => [task.source.route, task]))));
  return index;
}

/** What is known before the assets are bundled. */
export type LoadedSite = Omit<Site, 'assets' | 'cacheDir'>;

/** What loading the site found wrong in some of its files, which were left out of it. */
export interface LoadProblems {
  /** Every mistake, each at its place. */
  errors: DocsgenError[];
  /** The pages left out, with the route their file gives them (links to them are not reported broken). */
  unreadable: UnreadablePage[];
}

/**
 * Reads the config, and for every version (the current one, then each snapshot versions.json
 * lists) its pages and OpenAPI description, and works out routes, titles and sidebars; any
 * mistake stops the load, with every other one found.
 */
export async function loadSite(root: string, configFile = 'docsgen.config.ts'): Promise<LoadedSite> {
  const { site, problems } = await loadSiteAndProblems(root, configFile);
  if (problems.errors.length > 0) throw errorOfAll(problems.errors);
  return site;
}

/** Who is told how loading goes: each description as it is read, and the planning of a split reference's pages. */
export interface LoadWatchers {
  /** Told each description as it is read, with the config's hosts its images may come from and the project root. */
  onDescription?: (api: OpenApiModel, images: ImageCheck) => void;
  /** How many operations the outline of a split reference's plan has walked, of how many. */
  onPlan?: (done: number, total: number) => void;
}

/**
 * The site as `loadSite` reads it, but a mistake in a page leaves that page out and is collected
 * with the others in `problems` (a build goes on, to report them all); a config or an OpenAPI
 * description that cannot be read stops the load, with every mistake found up to then. With a
 * `cacheDir`, a split reference's page plan comes from the render cache when its description is unchanged,
 * and a description parsed anew is kept there (when `later` runs the write, given it: loadOpenApi.ts);
 * given `later`, a split reference's outline is kept for the next plan (built in `later` when the
 * plan came from the cache: referencePages.ts).
 * `onDescription` is told each description as soon as it is read, before the rest is worked out,
 * and `onPlan` how far the outline a split reference's pages are planned from has got.
 */
export async function loadSiteAndProblems(
  root: string,
  configFile = 'docsgen.config.ts',
  cacheDir?: string,
  later?: DescriptionCache['later'],
  { onDescription, onPlan }: LoadWatchers = {},
): Promise<{ site: LoadedSite; problems: LoadProblems }> {
  const { config, file, source: configSource, inputs } = await loadConfig(path.resolve(root, configFile), root);
  const variables = contentVariables(config);
  const components = await compileComponents({ root, config, configFile: file, configSource });
  const compiledFrom = [...inputs, ...(components?.inputs ?? [])];
  const base = { root, config, configFile: file, configSource, components: components?.file, compiledFrom, variables };
  const problems: LoadProblems = { errors: [], unreadable: [] };
  const described = [currentVersion(config), ...(await readVersionsFile(root)).map(snapshotVersion)];
  const metas = described.map(({ meta }) => meta);
  // git reads the history of every version's pages and description at once, while they are read.
  const commits = readCommitDates(
    root,
    [
      ...metas.map(({ docsDir }) => docsDir),
      ...described.flatMap(({ openApiFile }) => (openApiFile === undefined ? [] : [path.dirname(openApiFile)])),
    ],
    cacheDir,
  );
  const versions = await Promise.all(
    described.map(({ meta, openApiFile }) =>
      loadVersion(base, meta, openApiFile, problems, commits, {
        cacheDir,
        taken: apiSegmentsTaken(metas, meta.apiBase),
        later,
        onDescription,
        onPlan,
      }),
    ),
  );
  const stopped = versions.flatMap((version) => (version instanceof DocsgenError ? [version] : []));
  if (stopped.length > 0) throw errorOfAll([...problems.errors, ...stopped]);
  const loaded = versions as SiteVersion[];
  try {
    // A snapshot's pages live beside the current ones: a folder of content/docs named like a label would take their routes.
    assertRoutesUnique(loaded.flatMap((version) => version.docs.map(({ source }) => source)));
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    throw errorOfAll([...problems.errors, error]);
  }
  return {
    site: { ...base, ...versionContent(loaded[0]), version: versionMeta(loaded[0]), versions: loaded },
    problems,
  };
}

/**
 * Reads one version's pages, `_category_.yml` files, images and OpenAPI description; its pages'
 * mistakes go to `problems`, and an OpenAPI description that cannot be read is returned.
 */
async function loadVersion(
  base: Pick<
    LoadedSite,
    'root' | 'config' | 'configFile' | 'configSource' | 'components' | 'compiledFrom' | 'variables'
  >,
  meta: VersionMeta,
  openApiFile: string | undefined,
  problems: LoadProblems,
  history: Promise<CommitDates>,
  {
    later,
    onDescription,
    ...reference
  }: {
    cacheDir: string | undefined;
    taken: string[];
    later?: DescriptionCache['later'];
  } & LoadWatchers,
): Promise<SiteVersion | DocsgenError> {
  const docsDir = path.join(base.root, meta.docsDir);
  const [commits, tree, openApi] = await Promise.all([
    history,
    discoverPages(docsDir, base.variables, meta.docsBase, reference.cacheDir),
    openApiFile === undefined
      ? undefined
      : loadOpenApi(path.resolve(base.root, openApiFile), { dir: reference.cacheDir, root: base.root, later }).catch(
          (error: unknown) => {
            if (error instanceof DocsgenError) return error;
            throw error;
          },
        ),
  ]);
  problems.errors.push(...tree.errors);
  problems.unreadable.push(...tree.unreadable);
  if (openApi instanceof DocsgenError) return openApi;
  if (openApi) onDescription?.(openApi, { imageHosts: base.config.apiReference.imageHosts, root: base.root });
  const dates = pageDates(commits, tree.pages, meta.docsDir);
  const openApiUpdated = openApi
    ? await filesChangedAt(
        commits,
        base.root,
        openApi.files.map(({ file }) => file),
      )
    : undefined;
  const docs: SiteDoc[] = [];
  for (const source of tree.pages) {
    try {
      docs.push({
        source,
        title: pageTitle(source, base.variables),
        lastUpdated: dates.byPath.get(source.relativePath)!,
      });
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      problems.errors.push(error);
      problems.unreadable.push({ file: source.file, route: source.route });
    }
  }
  const apiPages = openApi
    ? await referencePages(openApi, base.config.apiReference, { base: meta.apiBase, ...reference, later })
    : [];
  return {
    ...meta,
    ...withDocs(
      { ...base, version: meta, categories: tree.categories, images: tree.images, openApi, openApiUpdated, apiPages },
      docs,
    ),
    lastUpdatedWarning: dates.warning,
  };
}

/**
 * What loading found that does not stop the site, each said once: the current pages' unknown
 * front-matter keys and each version's pages dated by their files (then `imageWarnings`).
 */
export function loadWarnings(site: Pick<Site, 'root' | 'docs' | 'versions'>): string[] {
  return [
    ...site.docs.flatMap(({ source }) => source.warnings.map((warning) => warning.format(site.root))),
    ...site.versions.flatMap((version) => (version.lastUpdatedWarning ? [version.lastUpdatedWarning] : [])),
  ];
}

/**
 * Each version's description images from origins the config does not list, each said once. Locating
 * one parses its file (GitHub's 13 MB: 0.3 s of CPU), so they are kept in the render cache with
 * the description's signature, found by the description's own thread where a build started one
 * (descriptionFilesAhead.ts), and the dev server looks for them after the first page is served.
 */
export async function imageWarnings(site: Pick<Site, 'root' | 'config' | 'versions' | 'cacheDir'>): Promise<string[]> {
  const { imageHosts } = site.config.apiReference;
  const warnings: string[] = [];
  for (const { openApi } of site.versions)
    if (openApi)
      warnings.push(
        ...(await cachedValue(
          site.cacheDir,
          'api-image-warnings',
          hashOf(openApi.signature, ...imageHosts),
          async () => {
            // Found in the description's thread where one was started (it has the site's image hosts and root); else here.
            const ahead = await descriptionFilesAhead(openApi)?.imageWarnings;
            return ahead && 'value' in ahead ? ahead.value : foreignImageWarnings(openApi, imageHosts, site.root);
          },
        )),
      );
  return warnings;
}

/** Each version's description files as loaded, by its root file: where its broken links are placed. */
export const descriptionSources = (site: Pick<Site, 'versions'>): DescriptionSources =>
  new Map(site.versions.flatMap(({ openApi }) => (openApi ? [[openApi.file, openApi.files] as const] : [])));

/** A page's title: its front matter's, or its first `# ` heading's; a page without one is an error. */
export function pageTitle(source: SourcePage, variables: Variables): string {
  // The front matter's title first: the page is not read for a heading it does not need (a page
  // titled in its front matter was read to its end for a `# ` line it may not have: 1.7% of a CI
  // build's CPU, its cache restored and one of 1,000 pages edited).
  const named = source.frontMatter.title;
  if (typeof named === 'string' && named) return named;
  const heading = headingTitle(source.markdown);
  const title = named ?? (heading === undefined ? undefined : substituteVariables(heading, variables));
  if (typeof title === 'string' && title) return title;
  if (title === undefined)
    throw new DocsgenError('page has no title: add `title:` to its front matter or start it with a `# ` heading', {
      file: source.file,
      line: 1,
      column: 1,
    });
  // An unknown variable in the heading: the page's render reports it where it is written.
  return heading!;
}

type SiteBase = Pick<
  LoadedSite,
  'config' | 'configFile' | 'configSource' | 'categories' | 'openApi' | 'openApiUpdated' | 'apiPages' | 'images'
> & {
  version: Pick<VersionMeta, 'name' | 'apiBase' | 'label'>;
};

/** A version's content with another list of docs pages: the parts that follow from the pages are worked out again. */
export function withDocs<T extends SiteBase>(site: T, docs: SiteDoc[]): VersionContent {
  const sidebar = buildSidebar(
    docs.map(({ source, title }) => ({
      relativePath: source.relativePath,
      route: source.route,
      label: source.frontMatter.sidebar_label ?? title,
      position: source.frontMatter.sidebar_position,
    })),
    site.categories,
  );
  return {
    categories: site.categories,
    images: site.images,
    openApi: site.openApi,
    openApiUpdated: site.openApiUpdated,
    apiPages: site.apiPages,
    docs,
    sidebar,
    readingOrder: flattenSidebar(sidebar),
    navbarItems: resolveNavbarItems(site.config, sidebar, site.configFile, site.configSource, site.version),
    routesByPath: docs.map(({ source }) => [source.relativePath, source.route]),
  };
}
