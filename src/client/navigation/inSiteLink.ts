/** The link an event happened on, if any. */
export function linkOf(event: Event): HTMLAnchorElement | undefined {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  return link instanceof HTMLAnchorElement ? link : undefined;
}

/**
 * The URL a link opens in this tab on this site, or undefined when the browser must handle it:
 * another origin, a download, or a target other than this tab.
 */
export function inSiteUrl(link: HTMLAnchorElement): URL | undefined {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return undefined;
  const url = new URL(link.href);
  return url.origin === location.origin ? url : undefined;
}

/**
 * The URL a click should open in place: a plain left click (no modifier) on an in-site link to
 * another page. A link to a heading of this page is left to the browser.
 */
export function clickedInSiteUrl(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const link = linkOf(event);
  const url = link && inSiteUrl(link);
  if (!url || (url.hash && url.pathname === location.pathname && url.search === location.search)) return undefined;
  return url;
}
