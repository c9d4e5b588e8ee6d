import type { PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';
import { SearchPageView } from './search/SearchPageView.tsx';

/** The search page (`<searchPath>?q=…`): rendered empty at build time, filled in the browser from either search backend. */
export function SearchPage({ page, searchPath }: { page: PageData; searchPath: string }) {
  return (
    <Layout page={page} pageClass="page-search">
      <main id="__docsgen_content" className="container narrow" tabIndex={-1}>
        <div data-search-page={searchPath}>
          <SearchPageView searchPath={searchPath} />
        </div>
      </main>
    </Layout>
  );
}
