import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { contentVariables, substituteVariables, type Variables } from '../content/variables.ts';
import { discoverPages, type CategoryMeta, type SourcePage, type UnreadablePage } from '../content/discoverPages.ts';
import { headingTitle } from '../content/headingTitle.ts';
import { buildSidebar, flattenSidebar, type SidebarNode } from '../content/buildSidebar.ts';
import { resolveNavbarItems } from './navbarItems.ts';
import { DocsgenError, errorOfAll } from '../errors.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import type { AssetsData, NavbarItemData } from '../model/pageData.ts';
import type { RouteRole } from '../model/routes.ts';
import type { SiteImage } from '../content/readImage.ts';

/** A docs page of the site as every step sees it: its source, and its title decided once. */
export interface SiteDoc {
  source: SourcePage;
  title: string;
}

/**
 * The resolved site, computed once and passed to every step (as VitePress passes its
 * `SiteConfig`): the config, every docs page with its route and title, the variables, the
 * sidebar, the OpenAPI source and the bundled assets. Plain data, so render threads get it too.
 */
export interface Site {
  root: string;
  config: DocsgenConfig;
  configFile: string;
  /** The config file's text, for locating mistakes found after it was validated. */
  configSource: string;
  variables: Variables;
  docs: SiteDoc[];
  categories: Map<string, CategoryMeta>;
  sidebar: SidebarNode[];
  readingOrder: { label: string; route: string }[];
  navbarItems: NavbarItemData[];
  /** Route of every docs page by its path below content/docs. */
  routesByPath: [string, string][];
  /** The images beside the pages (content/docs/**), which the pages show and the output holds under their hashed names. */
  images: SiteImage[];
  /** The OpenAPI description, loaded once: its files, their documents, every `$ref` checked (absent: the config names none). */
  openApi?: OpenApiModel;
  assets: AssetsData;
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
export type RenderSite = Omit<Site, 'docs'>;

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
 * Reads the config, the OpenAPI description and every page's source, and works out routes,
 * titles and the sidebar. A mistake in a page leaves that page out and is collected with the
 * others in `problems`; a config or an OpenAPI description that cannot be read stops the load,
 * with every mistake found up to then.
 */
export async function loadSite(
  root: string,
  configFile = 'docsgen.config.ts',
): Promise<{ site: LoadedSite; problems: LoadProblems }> {
  const { config, file, source: configSource } = await loadConfig(path.resolve(root, configFile), root);
  const variables = contentVariables(config);
  const tree = await discoverPages(path.join(root, 'content', 'docs'), variables);
  const { errors, unreadable } = tree;
  const docs: SiteDoc[] = [];
  for (const source of tree.pages) {
    try {
      docs.push({ source, title: pageTitle(source, variables) });
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      errors.push(error);
      unreadable.push({ file: source.file, route: source.route });
    }
  }
  let openApi: OpenApiModel | undefined;
  try {
    openApi = config.openapi === undefined ? undefined : await loadOpenApi(path.resolve(root, config.openapi));
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    throw errorOfAll([...errors, error]);
  }
  const site = withDocs(
    {
      root,
      config,
      configFile: file,
      configSource,
      variables,
      categories: tree.categories,
      openApi,
      images: tree.images,
    },
    docs,
  );
  return { site, problems: { errors, unreadable } };
}

/** A page's title: its front matter's, or its first `# ` heading's; a page without one is an error. */
export function pageTitle(source: SourcePage, variables: Variables): string {
  const heading = headingTitle(source.markdown);
  const title =
    source.frontMatter.title ?? (heading === undefined ? undefined : substituteVariables(heading, variables));
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
  'root' | 'config' | 'configFile' | 'configSource' | 'variables' | 'categories' | 'openApi' | 'images'
>;

/** The site with another list of docs pages: the parts that follow from the pages are worked out again. */
export function withDocs<T extends SiteBase>(
  site: T,
  docs: SiteDoc[],
): T & Pick<Site, 'docs' | 'sidebar' | 'readingOrder' | 'navbarItems' | 'routesByPath'> {
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
    ...site,
    docs,
    sidebar,
    readingOrder: flattenSidebar(sidebar),
    navbarItems: resolveNavbarItems(site.config, sidebar, site.configFile, site.configSource),
    routesByPath: docs.map(({ source }) => [source.relativePath, source.route]),
  };
}
