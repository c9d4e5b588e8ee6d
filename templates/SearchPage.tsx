import type { PageData } from './types.ts';
import { Layout } from './Layout.tsx';

/** /search/?q=…: the query form; results are filled in the browser from the search index. */
export function SearchPage({ page }: { page: PageData }) {
  return (
    <Layout page={page} pageClass="page-search">
      <main id="__docsgen_content" className="container narrow" tabIndex={-1}>
        <h1>Search the documentation</h1>
        <form className="search-page__form" action="/search/" method="get" role="search">
          <label htmlFor="search-page-input" className="visually-hidden">
            Search query
          </label>
          <input id="search-page-input" className="search-page__input" type="search" name="q" maxLength={64} placeholder="Search docs" autoComplete="off" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <div className="search-page__results" aria-live="polite" />
      </main>
    </Layout>
  );
}
