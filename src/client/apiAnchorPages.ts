/** The id of the overview's list of the page each anchor is on (a JSON data block in its head). */
export const anchorPagesId = 'api-anchor-pages';

/**
 * Keeps the links made to a reference on one page (`/api/#operation/createBundle`) working once
 * it is split into pages: the overview lists the page of every operation, webhook and schema, and
 * an address whose anchor is not on it goes on to that page, the anchor kept. The head snippet
 * (src/client/headSnippet.ts) does it as the overview loads; this, when its anchor changes later
 * or navigation swaps the overview in.
 */
export function followSplitApiAnchor(): void {
  const map = document.getElementById(anchorPagesId);
  if (!map || location.hash.length < 2) return;
  let anchor = location.hash.slice(1);
  try {
    anchor = decodeURIComponent(anchor);
  } catch {
    // Not percent-encoded: taken as written.
  }
  if (document.getElementById(anchor)) return;
  const { pages, anchors } = JSON.parse(map.textContent ?? '{}') as {
    pages: string[];
    anchors: Record<string, number>;
  };
  const page = pages[anchors[anchor] ?? -1];
  if (page) location.replace(`${page}${location.hash}`);
}

/** Follows an anchor of the overview's address now, and whenever it changes. */
export function initSplitApiAnchors(): void {
  window.addEventListener('hashchange', followSplitApiAnchor);
}
