/** The lists of links to sections of the page, and the class each gives the link of the section being read. */
const sectionLinkLists = [
  { selector: '.toc--desktop .toc__link', activeClass: 'toc__link--active' },
  { selector: '.api-sidebar a.menu__link', activeClass: 'menu__link--in-view' },
];

interface SectionLinks {
  links: HTMLAnchorElement[];
  targets: (HTMLElement | null)[];
  activeClass: string;
  active?: HTMLAnchorElement;
}

let lists: SectionLinks[] = [];
let scheduled = false;
let listening = false;

const targetOf = (link: HTMLAnchorElement): HTMLElement | null => {
  try {
    return document.getElementById(decodeURIComponent(link.hash.slice(1)));
  } catch {
    return null;
  }
};

/**
 * Marks, in the TOC and in the API reference's sidebar, the link of the section the reader is in
 * (the last one whose top is above the top third of the viewport), and scrolls that list, not the
 * page, to keep it in sight. Runs again for each page navigation swaps in (one scroll listener).
 * The page's own entry in the API sidebar is brought into sight first: a split reference's schemas
 * pages list no sections there, and far down Box's 80 entries nothing showed where the reader was.
 */
export function initSectionInView(): void {
  const pageEntry = document.querySelector<HTMLElement>('.api-sidebar a[aria-current="page"]');
  if (pageEntry) keepInSight(pageEntry);
  lists = sectionLinkLists
    .map(({ selector, activeClass }) => {
      // Links to this page's sections only: a split reference's links to its other pages stay as they are.
      const links = [...document.querySelectorAll<HTMLAnchorElement>(selector)].filter(
        (link) => link.hash.length > 1 && link.pathname === location.pathname,
      );
      return { links, targets: links.map(targetOf), activeClass };
    })
    .filter((list) => list.links.length > 0);
  if (lists.length === 0) return;
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
  for (const list of lists) {
    let current = list.links[list.targets.findIndex((target) => target !== null)];
    let currentTop = -Infinity;
    // The latest section begun: an operation inside its tag's section wins over the tag.
    list.targets.forEach((target, index) => {
      const top = target?.getBoundingClientRect().top;
      if (top !== undefined && top <= line && top > currentTop) [current, currentTop] = [list.links[index], top];
    });
    if (current === list.active) continue;
    list.active?.classList.remove(list.activeClass);
    current?.classList.add(list.activeClass);
    list.active = current;
    if (current) keepInSight(current);
  }
}

/** Scrolls the list that holds `link` (never the page) so that the link is inside its visible part. */
function keepInSight(link: HTMLElement): void {
  let box = link.parentElement;
  while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
  if (!box || box.clientHeight === 0) return;
  const outer = box.getBoundingClientRect();
  const inner = link.getBoundingClientRect();
  const margin = Math.min(48, outer.height / 4);
  const top = outer.top + margin;
  const bottom = Math.min(outer.bottom, window.innerHeight) - margin;
  if (inner.top < top) box.scrollTop -= top - inner.top;
  else if (inner.bottom > bottom) box.scrollTop += inner.bottom - bottom;
}
