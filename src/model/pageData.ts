/** Plain data the templates render. Templates never read files or config themselves. */
import type { ChangelogVersion } from './apiChanges.ts';

export interface LinkData {
  label: string;
  href: string;
  external: boolean;
}

/** A version in the dropdown: the same page in it (or its first page), and whether it is the one shown. */
export interface VersionLinkData {
  /** `current` or the snapshot's label: what the stored preference holds. */
  name: string;
  label: string;
  href: string;
  active: boolean;
}

/**
 * A navbar item resolved for the theme: a link, the docs version dropdown, or the search button.
 * On a page shared by the versions (home, search), a link into the docs has its target in each
 * version (`versionHrefs`, by version name), for the reader's preferred version.
 */
export type NavbarItemData =
  | {
      kind: 'link';
      label: string;
      href: string;
      external: boolean;
      active: boolean;
      versionHrefs?: Record<string, string>;
    }
  | { kind: 'versionDropdown'; label: string; href: string; changelogHref?: string; versions: VersionLinkData[] }
  | { kind: 'search' };

/** A page of the sidebar. */
export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  active: boolean;
}

/** A category of the sidebar, with its items (or where to load them from). */
export interface SidebarCategory {
  type: 'category';
  /** Unique in the sidebar: the id of the element holding the category's list. */
  id: string;
  label: string;
  /** The category's own page (its index.md), if it has one. */
  href?: string;
  active: boolean;
  /** True when the current page is this category or inside it. */
  expanded: boolean;
  /**
   * Where the browser loads the list from when the category is opened (a large sidebar renders
   * collapsed categories without their items, which are then empty).
   */
  lazySrc?: string;
  /**
   * Where the browser loads the whole list from when `items` is only a window of it (a long
   * category open on one of its pages): the items around the page, its first and last, and gaps.
   */
  windowSrc?: string;
  items: SidebarItem[];
}

/**
 * A large sidebar's other top-level items, which its pages leave out: `src`, their list, which
 * the browser adds to the page's sidebar; `href`, the page listing every section and page.
 */
export interface SidebarSections {
  src: string;
  href: string;
}

/**
 * Items a windowed list leaves out, in their place: a link to the page of all sections (`href`,
 * at the category), which the browser turns into the whole list.
 */
export interface SidebarGap {
  type: 'gap';
  hidden: number;
  href: string;
}

/** An item of the sidebar as the theme renders it. */
export type SidebarItem = SidebarLink | SidebarCategory | SidebarGap;

/** A heading of the page's table of contents. */
export interface TocItem {
  id: string;
  text: string;
  level: 2 | 3;
}

/** What every page's shell shows of the site: navbar, footer, announcement, sidebar. */
export interface SiteData {
  /** The path the site is served under (config `baseUrl`), ending in '/'. */
  baseUrl: string;
  /** The home page and the search page (absent when the site has none), with the base. */
  homeHref: string;
  searchPath?: string;
  title: string;
  tagline: string;
  productName: string;
  url: string;
  /** Beside the title in the navbar (absent: the title alone). */
  logo?: { alt: string; src: string };
  navbarItems: NavbarItemData[];
  footer: { links: LinkData[]; logo?: { alt: string; src: string; href: string }; copyright?: string };
  announcement?: { id: string; content: string; href?: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean };
  /** The docs sidebar, for the mobile menu and the docs pages. */
  sidebar: SidebarItem[];
  /** Where a large sidebar's other top-level items are (absent: the sidebar is whole). */
  sidebarSections?: SidebarSections;
}

/** What every page's head loads, with the base. */
export interface AssetsData {
  css: string;
  /** The project's own stylesheet (config `theme.customCss`), loaded after the theme's. */
  customCss?: string;
  /** The browser's `theme-color`: the brand colour. */
  themeColor: string;
  /** The config's brand colours and fonts as the theme's custom properties. */
  themeStyle?: string;
  /** The site's icon and its media type. */
  favicon?: { href: string; type: string };
  runtime: string;
  /** Inline script that applies the stored colour mode before first paint. */
  headSnippet: string;
  /** Content-Security-Policy for the <meta> tag. */
  contentSecurityPolicy: string;
  attributionScript?: string;
}

/** A page's `<head>`: title, description, canonical URL and its other forms. */
export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  noindex?: boolean;
  ogType: 'website' | 'article';
  /** The contextual-search tag of a page of a version (`docs-default-<name>`), as DocSearch's crawler reads it from the head. */
  searchTag?: string;
  /** Other forms of the page (`text/markdown`: its Markdown twin). */
  alternates?: { type: string; href: string }[];
  /**
   * A split API reference's overview: the page each anchor of its other pages is on, as JSON
   * (`{ pages: href[], anchors: { [anchor]: index } }`), ahead of the head snippet, which forwards
   * `/api/#operation/<id>` to the operation's page before the overview is parsed any further.
   */
  anchorPages?: string;
}

/** A docs page's own part: its HTML, TOC, breadcrumbs and neighbours. */
export interface DocData {
  title: string;
  /** Whether the Markdown supplies its own h1 (else the title is rendered as one). */
  hasOwnH1: boolean;
  html: string;
  toc: TocItem[];
  hideTableOfContents: boolean;
  breadcrumbs: { label: string; href?: string }[];
  previous?: { label: string; href: string };
  next?: { label: string; href: string };
  /** Where to edit the page's source (config `docs.editUrl`); absent: no link. */
  editUrl?: string;
  /** When the page last changed (ms since the epoch): its last commit, or its file's modification time. */
  lastUpdated: number;
  /** On the changelog page (`docs.changelogPath`), the API changes of every version, shown above the writers' prose. */
  changelog?: ChangelogVersion[];
}

/** A card of the home page. */
export interface HomeCard {
  title: string;
  description?: string;
  href: string;
}

/** What every page's template receives: the site, the assets, the head and the route. */
export interface PageData {
  site: SiteData;
  assets: AssetsData;
  head: HeadData;
  route: string;
  /** On a page of an older version: its label, and the latest version's label and page (the same page, or its first). */
  versionBanner?: { label: string; latestLabel: string; href: string; samePage: boolean };
}
