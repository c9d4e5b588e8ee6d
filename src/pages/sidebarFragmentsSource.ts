import {
  indexSidebar,
  lazyCategories,
  sidebarFolderOf,
  sidebarFragmentRoute,
  sidebarFragmentsFolder,
} from '../site/sidebarIndex.ts';
import { versionViews } from '../site/siteVersions.ts';
import { sidebarFragmentItems, sidebarTreeItems } from '../props/sidebarItems.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { PageSource } from './pageSource.ts';

/**
 * What a large sidebar's pages leave out, in its version's folder (`/_sidebar/`, a snapshot's
 * `/_sidebar/_<version>/`): the list of every lazy category, at `<folder><category's folder>/`,
 * which the browser loads when a reader opens the category; the top-level list, which the browser
 * adds to each page's sidebar; and the page of all sections, for readers without scripts.
 */
export const sidebarFragmentsSource: PageSource = {
  name: 'sidebar-fragments',
  routes: (site) =>
    versionViews(site).flatMap((view) => {
      const categories = lazyCategories(view.sidebar);
      if (categories.length === 0) return [];
      const folder = sidebarFolderOf(view);
      return [
        ...categories.map((category) => ({ route: sidebarFragmentRoute(category, folder), page: true, listed: false })),
        { route: `${folder}${indexSidebar(view.sidebar).sectionsName}`, page: true, listed: false },
        // Linked from every docs page (for readers without scripts), not a page for search engines.
        { route: folder, page: true, listed: true, sitemap: false },
      ];
    }),
  // They follow from the sidebar alone, which a change to a page's title or place redraws.
  watchedPaths: () => [],
  watches: () => false,
  // Not pages for search engines, whether or not this sidebar is large enough to have them.
  robotsDisallow: [sidebarFragmentsFolder],
  estimate: () => 1,
  async render(site, _state, routes, _inputs, emit) {
    const wanted = new Set(routes);
    const { baseUrl } = site.config;
    const [{ renderPage }, { SidebarList }, { SidebarSectionsPage }, { projectComponents }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../../templates/DocSidebar.tsx'),
      import('../../templates/SidebarSectionsPage.tsx'),
      import('../components/projectComponents.ts'),
    ]);
    for (const view of versionViews(site)) {
      const folder = sidebarFolderOf(view);
      for (const category of lazyCategories(view.sidebar)) {
        const route = sidebarFragmentRoute(category, folder);
        if (!wanted.has(route)) continue;
        const items = sidebarFragmentItems(category.items, baseUrl, folder);
        await emit({ route, content: renderPage(SidebarList, { items, level: 2 }, { route }, { fragment: true }) });
      }
      const sections = `${folder}${indexSidebar(view.sidebar).sectionsName}`;
      if (wanted.has(sections)) {
        const items = sidebarFragmentItems(view.sidebar, baseUrl, folder);
        await emit({
          route: sections,
          content: renderPage(SidebarList, { items, level: 1 }, { route: sections }, { fragment: true }),
        });
      }
      if (wanted.has(folder)) {
        const page = pageDataFor(view, folder, {
          title: 'All sections',
          description: 'Every section and page of the documentation.',
          ogType: 'website',
          noindex: true,
        });
        const items = sidebarTreeItems(view.sidebar, baseUrl);
        await emit({
          route: folder,
          content: renderPage(
            SidebarSectionsPage,
            { page, items },
            { route: folder },
            { components: await projectComponents(site) },
          ),
        });
      }
    }
  },
};
