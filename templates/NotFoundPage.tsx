import type { PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';

/** Served for every unknown path (dist/404.html), with ways back in: the docs, the API reference and search when the site has them. */
export function NotFoundPage({ page, docsHref, apiHref }: { page: PageData; docsHref: string; apiHref?: string }) {
  return (
    <Layout page={page} pageClass="page-not-found">
      <main id="__docsgen_content" className="container narrow" tabIndex={-1} data-not-found="">
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for. The page may have moved when the docs were reorganised.</p>
        <ul>
          <li>
            <a href={docsHref}>Start at the introduction</a>
          </li>
          {apiHref && (
            <li>
              <a href={apiHref}>Browse the API reference</a>
            </li>
          )}
          {page.site.searchPath && (
            <li>
              <a href={page.site.searchPath}>Search the documentation</a>
            </li>
          )}
        </ul>
      </main>
    </Layout>
  );
}
