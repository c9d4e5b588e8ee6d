import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import { contentVariables, substituteVariables, type Variables } from '../content/variables.ts';
import { discoverPages, type CategoryMeta, type SourcePage } from '../content/discoverPages.ts';
import { headingTitle } from '../content/headingTitle.ts';
import { buildSidebar, flattenSidebar, type SidebarNode } from '../content/buildSidebar.ts';
import { resolveNavbarItems } from './siteData.ts';
import { DocsgenError } from '../errors.ts';
import type { NavbarItemData } from '../model/pageData.ts';
import type { DocPageTask } from './renderDocPages.ts';

/** Everything known about a site before any page is rendered. */
export interface SiteModel {
  root: string;
  config: DocsgenConfig;
  configFile: string;
  variables: Variables;
  docs: DocPageTask[];
  categories: Map<string, CategoryMeta>;
  sidebar: SidebarNode[];
  readingOrder: { label: string; route: string }[];
  navbarItems: NavbarItemData[];
}

/** Reads the config and every page's source, and works out routes, titles and the sidebar. */
export async function loadSite(root: string, configFile = 'docsgen.config.ts'): Promise<SiteModel> {
  const { config, file } = await loadConfig(path.resolve(root, configFile));
  const variables = contentVariables(config);
  const tree = await discoverPages(path.join(root, 'content', 'docs'), variables);
  const docs: DocPageTask[] = tree.pages.map((source) => ({ source, title: pageTitle(source, variables) }));
  return modelFrom(root, config, file, await readFile(file, 'utf8'), variables, docs, tree.categories);
}

/** A page's title: its front matter's, or its first `# ` heading's; a page without one is an error. */
export function pageTitle(source: SourcePage, variables: Variables): string {
  const heading = headingTitle(source.markdown);
  const title = source.frontMatter.title ?? (heading === undefined ? undefined : substituteVariables(heading, variables));
  if (typeof title === 'string' && title) return title;
  if (title === undefined) throw new DocsgenError('page has no title: add `title:` to its front matter or start it with a `# ` heading', { file: source.file, line: 1, column: 1 });
  // An unknown variable in the heading: the page's render reports it where it is written.
  return heading!;
}

/** The parts of the model that follow from the pages: recomputed whenever one page changes. */
export function modelFrom(
  root: string,
  config: DocsgenConfig,
  configFile: string,
  configSource: string,
  variables: Variables,
  docs: DocPageTask[],
  categories: Map<string, CategoryMeta>,
): SiteModel {
  const sidebar = buildSidebar(
    docs.map(({ source, title }) => ({ relativePath: source.relativePath, route: source.route, label: source.frontMatter.sidebar_label ?? title, position: source.frontMatter.sidebar_position })),
    categories,
  );
  return {
    root,
    config,
    configFile,
    variables,
    docs,
    categories,
    sidebar,
    readingOrder: flattenSidebar(sidebar),
    navbarItems: resolveNavbarItems(config, sidebar, configFile, configSource),
  };
}
