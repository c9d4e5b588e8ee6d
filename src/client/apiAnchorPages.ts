/**
 * Keeps the links made to a reference on one page (`/api/#operation/createBundle`) working once
 * it is split into pages: the overview lists the page of every operation, webhook and schema, and
 * an address whose anchor is not on it goes on to that page, the anchor kept.
 */
export function followSplitApiAnchor(): void {
  const map = document.getElementById('api-anchor-pages');
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
