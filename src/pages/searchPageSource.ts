import { withBase } from '../model/paths.ts';
import { pageIdsIn } from '../model/pageOutput.ts';
import { pageDataFor } from '../props/pageData.ts';
import { shellPageSource } from './shellPageSource.ts';

const route = '/search/';

/**
 * The search page, where the navbar's search box and the modal's "see all results" lead:
 * rendered empty, filled in the browser. A results page for one query is reachable, but not a
 * page for search engines: out of the sitemap, and robots.txt keeps crawlers out.
 */
export const searchPageSource = shellPageSource({
  name: 'search-page',
  route: { route, page: true, sitemap: false, role: 'search' },
  robotsDisallow: [route],
  async render(site) {
    const data = pageDataFor(site, route, {
      title: 'Search',
      description: `Search the ${site.config.product.name} developer documentation.`,
      ogType: 'website',
      noindex: true,
    });
    const [{ renderPage }, { projectComponents }, { SearchPage }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../components/projectComponents.ts'),
      import('../../templates/SearchPage.tsx'),
    ]);
    const html = renderPage(
      SearchPage,
      { page: data, searchPath: withBase(site.config.baseUrl, route) },
      { route },
      { components: await projectComponents(site) },
    );
    return { route, content: html, output: { route, ...pageIdsIn(html), links: [] } };
  },
});
