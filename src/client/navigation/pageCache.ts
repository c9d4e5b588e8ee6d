/** Page HTML by route, fetched once (ahead of time or on demand); a failed fetch is forgotten so it is tried again. */
const pages = new Map<string, Promise<string>>();

/** The HTML of the page at `route`, fetched at most once while it is wanted (`priority`: low when fetched ahead). */
export function loadPageHtml(route: string, priority: RequestPriority = 'high'): Promise<string> {
  let page = pages.get(route);
  if (!page) {
    page = fetch(route, { priority }).then(async (response) => {
      if (!response.ok) throw new Error(`${route} answered ${response.status} ${response.statusText}`.trim());
      return response.text();
    });
    page.catch(() => pages.delete(route));
    pages.set(route, page);
  }
  return page;
}
