/**
 * On the search page, results are the content: its view is hydrated as soon as the page (or the
 * page navigation swaps in) shows it. Other pages load nothing.
 */
export function initSearchPage(): void {
  const container = document.querySelector<HTMLElement>('[data-search-page]');
  if (!container) return;
  void import('./searchPage.client.tsx').then((module) => module.hydrateSearchPage(container));
}
