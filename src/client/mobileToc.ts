/**
 * The narrow screen's "On this page" (a `<details>` above the content) ships without its list:
 * the first opening copies the TOC beside the page into it, so a page holds the list once.
 * Delegated, so a page navigation swaps in is served too; without scripts the TOC beside the
 * page is shown below it instead (toc.css).
 */
export function initMobileToc(): void {
  // A click on the summary comes before the browser opens the details: the list is there when it shows.
  document.addEventListener('click', (event) => {
    const summary = event.target instanceof Element ? event.target.closest('.toc-mobile > summary') : null;
    if (summary?.parentElement) fillMobileToc(summary.parentElement);
  });
  // Opened before this script ran.
  document.querySelectorAll('.toc-mobile[open]').forEach(fillMobileToc);
}

function fillMobileToc(details: Element): void {
  const list = document.querySelector('.docs-toc .toc');
  if (details.querySelector('.toc') || !list) return;
  const copy = list.cloneNode(true) as Element;
  copy.classList.replace('toc--desktop', 'toc--mobile');
  copy.querySelectorAll('.toc__link--active').forEach((link) => link.classList.remove('toc__link--active'));
  details.append(copy);
}
