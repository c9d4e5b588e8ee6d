/**
 * What a project imports from 'docsgen': `defineConfig`, which types its `docsgen.config.ts`, and
 * the data the theme's components receive, for a project that replaces one of them.
 */
export { defineConfig } from './config/defineConfig.ts';
export type { DocsgenConfigInput } from './config/schema.ts';
export type {
  AssetsData,
  DocData,
  HeadData,
  HomeCard,
  LinkData,
  NavbarItemData,
  PageData,
  SidebarItem,
  SiteData,
  TocItem,
} from './model/pageData.ts';
