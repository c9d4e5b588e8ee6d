import {
  indexSidebar,
  lazyCategories,
  sidebarFragmentRoute,
  sidebarFragmentsFolder,
  sidebarSectionsPageRoute,
} from '../site/sidebarIndex.ts';
import { sidebarFragmentItems, sidebarTreeItems } from '../props/sidebarItems.ts';
import { pageDataFor } from '../props/pageData.ts';
import type { PageSource } from './pageSource.ts';

/**
 * What a large sidebar's pages leave out: the list of every lazy category, at `/_sidebar/<folder>/`,
 * which the browser loads when a reader opens the category; the top-level list, which the browser
 * adds to each page's sidebar; and the page of all sections, for readers without scripts.
 */
export const sidebarFragmentsSource: PageSource = {
  name: 'sidebar-fragments',
  routes: (site) => {
    const categories = lazyCategories(site.sidebar);
    if (categories.length === 0) return [];
    return [
      ...categories.map((category) => ({ route: sidebarFragmentRoute(category), page: true, listed: false })),
      { route: indexSidebar(site.sidebar).sectionsRoute, page: true, listed: false },
      // Linked from every docs page (for readers without scripts), not a page for search engines.
      { route: sidebarSectionsPageRoute, page: true, listed: true, sitemap: false },
    ];
  },
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
    for (const category of lazyCategories(site.sidebar)) {
      const route = sidebarFragmentRoute(category);
      if (!wanted.has(route)) continue;
      const items = sidebarFragmentItems(category.items, baseUrl);
      await emit({ route, content: renderPage(SidebarList, { items, level: 2 }, { route }, { fragment: true }) });
    }
    const sections = indexSidebar(site.sidebar).sectionsRoute;
    if (wanted.has(sections)) {
      const items = sidebarFragmentItems(site.sidebar, baseUrl);
      await emit({
        route: sections,
        content: renderPage(SidebarList, { items, level: 1 }, { route: sections }, { fragment: true }),
      });
    }
    if (wanted.has(sidebarSectionsPageRoute)) {
      const page = pageDataFor(site, sidebarSectionsPageRoute, {
        title: 'All sections',
        description: 'Every section and page of the documentation.',
        ogType: 'website',
        noindex: true,
      });
      const items = sidebarTreeItems(site.sidebar, baseUrl);
      await emit({
        route: sidebarSectionsPageRoute,
        content: renderPage(
          SidebarSectionsPage,
          { page, items },
          { route: sidebarSectionsPageRoute },
          { components: await projectComponents(site) },
        ),
      });
    }
  },
};
