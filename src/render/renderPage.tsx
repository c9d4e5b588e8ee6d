import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { DocPage } from '../../templates/DocPage.tsx';
import { HomePage } from '../../templates/HomePage.tsx';
import { NotFoundPage } from '../../templates/NotFoundPage.tsx';
import { SearchPage } from '../../templates/SearchPage.tsx';
import { ApiPage } from '../../templates/ApiPage.tsx';
import { SidebarList } from '../../templates/DocSidebar.tsx';
import type { DocData, HomeCard, PageData, SidebarItem } from '../model/pageData.ts';
import type { ApiPageView, ApiReferenceData } from '../model/apiReference.ts';
import { DocsgenError } from '../errors.ts';

/** The only place that turns templates into HTML; a template that throws names the page. */
function renderDocument(element: ReactElement, route: string, source?: string): string {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
  } catch (error) {
    throw new DocsgenError(`template threw while rendering ${route}: ${(error as Error).message}`, {
      file: source ?? route,
      line: 1,
      column: 1,
    });
  }
}

export const renderDocPage = (page: PageData, doc: DocData, source: string) =>
  renderDocument(<DocPage page={page} doc={doc} />, page.route, source);

export const renderHomePage = (page: PageData, home: { cards: HomeCard[]; sample: string; sampleLabel: string; eyebrow: string }) =>
  renderDocument(<HomePage page={page} {...home} />, page.route);

export const renderNotFoundPage = (page: PageData, docsHref: string) =>
  renderDocument(<NotFoundPage page={page} docsHref={docsHref} />, page.route);

export const renderSearchPage = (page: PageData) => renderDocument(<SearchPage page={page} />, page.route);

export const renderApiPage = (page: PageData, api: ApiReferenceData, view: ApiPageView, source: string) =>
  renderDocument(<ApiPage page={page} api={api} view={view} />, page.route, source);

/** A lazy sidebar category's list: the fragment the browser loads when the category is opened. */
export const renderSidebarFragment = (items: SidebarItem[]) => renderToStaticMarkup(<SidebarList items={items} level={2} />);
