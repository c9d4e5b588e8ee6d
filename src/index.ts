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
export type { ThemeComponentName } from './model/themeComponentNames.ts';
export type { AnnouncementBarProps } from '../templates/AnnouncementBar.tsx';
export type { BreadcrumbsProps } from '../templates/Breadcrumbs.tsx';
export type { DocFooterProps } from '../templates/DocFooter.tsx';
export type { FooterProps } from '../templates/Footer.tsx';
export type { PrevNextLinksProps } from '../templates/PrevNextLinks.tsx';
