import { withBase } from '../model/paths.ts';
import { pageDataFor } from '../props/pageData.ts';
import { shellPageSource } from './shellPageSource.ts';

const route = '/404/';

/**
 * What the server sends for an unknown path: never linked to, written where static hosts look for it (404.html).
 * It follows from the shell alone (its first docs page is in the reading order).
 */
export const notFoundSource = shellPageSource({
  name: 'not-found',
  route: { route, page: true, listed: false, role: 'notFound' },
  async render(site) {
    const { baseUrl } = site.config;
    const data = pageDataFor(site, route, {
      title: 'Page Not Found',
      description: 'The page you were looking for does not exist.',
      ogType: 'website',
      noindex: true,
    });
    const [{ renderPage }, { projectComponents }, { NotFoundPage }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../components/projectComponents.ts'),
      import('../../templates/NotFoundPage.tsx'),
    ]);
    const docsHref = withBase(baseUrl, site.readingOrder[0]?.route ?? '/');
    const apiHref = site.roles?.reference && withBase(baseUrl, site.roles.reference);
    return {
      route,
      file: '404.html',
      content: renderPage(
        NotFoundPage,
        { page: data, docsHref, apiHref },
        { route },
        { components: await projectComponents(site) },
      ),
    };
  },
});
