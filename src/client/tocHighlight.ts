/** Marks the TOC link of the heading the reader is in: the last heading above the top third of the viewport. */
export function initTocHighlight(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc--desktop .toc__link')];
  if (links.length === 0) return;
  const headings = links
    .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
    .filter((heading): heading is HTMLElement => heading !== null);
  let scheduled = false;
  const update = () => {
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
  };
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
  update();
}
