import type { ReactNode } from 'react';

/** The page being rendered in pieces (renderPagePieces, src/render/renderPage.ts): its markers' prefix and the subtrees put apart so far. */
let collecting: { marker: string; subtrees: ReactNode[] } | undefined;

/**
 * Its children, rendered where they stand; in a page rendered in pieces (an API reference's page),
 * rendered apart, as a string of their own, and put in place when the page's bytes are made. The
 * output is the same either way. Only the theme's components reach them (ThemeComponentsProvider):
 * no other context is given to what is rendered apart.
 */
export function RenderedApart({ children }: { children: ReactNode }) {
  if (!collecting) return children;
  collecting.subtrees.push(children);
  return apartMarker(collecting.marker, collecting.subtrees.length - 1);
}

/** The text that stands for the `index`th subtree put apart, until it is put in place. */
export const apartMarker = (marker: string, index: number) => `${marker}${index}\u0000`;

/** `render` run with the RenderedApart below it putting their children apart (marked by `marker`); what it returned, and those children in document order. */
export function renderedApart<T>(marker: string, render: () => T): { result: T; subtrees: ReactNode[] } {
  const outer = collecting;
  const page = { marker, subtrees: [] as ReactNode[] };
  collecting = page;
  try {
    return { result: render(), subtrees: page.subtrees };
  } finally {
    collecting = outer;
  }
}

/** `render` run with every RenderedApart below it rendering its children in place (a subtree put apart is rendered whole). */
export function renderedInPlace<T>(render: () => T): T {
  const outer = collecting;
  collecting = undefined;
  try {
    return render();
  } finally {
    collecting = outer;
  }
}
