let links: HTMLAnchorElement[] = [];
let headings: HTMLElement[] = [];
let scheduled = false;
let listening = false;

/**
 * Marks the TOC link of the heading the reader is in: the last heading above the top third of the
 * viewport. Runs again for each page navigation swaps in (one scroll listener serves them all).
 */
export function initTocHighlight(): void {
  links = [...document.querySelectorAll<HTMLAnchorElement>('.toc--desktop .toc__link')];
  headings = links
    .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
    .filter((heading): heading is HTMLElement => heading !== null);
  if (links.length === 0) return;
  if (!listening) {
    listening = true;
    window.addEventListener(
      'scroll',
      () => {
        if (!scheduled) {
          scheduled = true;
          requestAnimationFrame(update);
        }
      },
      { passive: true },
    );
  }
  update();
}

function update(): void {
  scheduled = false;
  const line = window.innerHeight / 3;
  let current = headings[0];
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top <= line) current = heading;
    else break;
  }
  for (const link of links) {
    const active = current !== undefined && link.hash === `#${encodeURIComponent(current.id)}`;
    link.classList.toggle('toc__link--active', active);
  }
}
