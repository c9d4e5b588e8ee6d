import { lazyCategories, sidebarFragmentRoute, sidebarFragmentsFolder } from '../site/sidebarIndex.ts';
import { sidebarFragmentItems } from '../props/sidebarItems.ts';
import type { PageSource } from './pageSource.ts';

/**
 * The list of every lazy sidebar category, at `/_sidebar/<folder>/`, which the browser loads
 * when a reader opens the category (pages of a large site leave those lists out).
 */
export const sidebarFragmentsSource: PageSource = {
  name: 'sidebar-fragments',
  routes: (site) =>
    lazyCategories(site.sidebar).map((category) => ({
      route: sidebarFragmentRoute(category),
      page: true,
      listed: false,
    })),
  // They follow from the sidebar alone, which a change to a page's title or place redraws.
  watchedPaths: () => [],
  watches: () => false,
  // Not pages for search engines, whether or not this sidebar is large enough to have them.
  robotsDisallow: [sidebarFragmentsFolder],
  estimate: () => 1,
  async render(site, _state, routes, _inputs, emit) {
    const wanted = new Set(routes);
    const [{ renderPage }, { SidebarList }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../../templates/DocSidebar.tsx'),
    ]);
    for (const category of lazyCategories(site.sidebar)) {
      const route = sidebarFragmentRoute(category);
      if (!wanted.has(route)) continue;
      const items = sidebarFragmentItems(category, site.config.baseUrl);
      await emit({ route, content: renderPage(SidebarList, { items, level: 2 }, { route }, { fragment: true }) });
    }
  },
};
