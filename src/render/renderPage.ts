import { randomUUID } from 'node:crypto';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocsgenError } from '../errors.ts';
import { templateLocation } from './templateLocation.ts';
import { plainApostrophes } from './plainApostrophes.ts';
import { ThemeComponentsProvider, type ThemeComponents } from '../../templates/themeComponents.tsx';
import { apartMarker, renderedApart, renderedInPlace } from '../../templates/RenderedApart.tsx';

/** The page being rendered, named in the error a template throws: its route and the file it comes from. */
export interface RenderedFrom {
  route: string;
  file?: string;
}

/** `components`: the project's replacements for theme components (src/components/projectComponents.ts). */
interface RenderOptions {
  components?: ThemeComponents;
}

/**
 * The only place that turns templates into HTML: `template` rendered with `props` as a whole
 * document, or as it is (`fragment`: a piece the browser loads into a page). Each page source
 * builds its own props and calls it; a template that throws is reported where it threw, naming the page.
 */
export function renderPage<Props extends object>(
  template: ComponentType<Props>,
  props: Props,
  from: RenderedFrom,
  { fragment = false, components }: RenderOptions & { fragment?: boolean } = {},
): string {
  return reported(from, () => {
    const html = renderInPlace(createElement(template, props), components);
    return plainApostrophes(fragment ? html : `<!DOCTYPE html>${html}`);
  });
}

/**
 * A whole document as renderPage writes it, in pieces: the page around its RenderedApart
 * (templates/RenderedApart.tsx), and what each of them holds, rendered apart, in document order.
 * Joined, they are renderPage's HTML. For a large page (an API reference's: GitHub's are up to
 * 780,000 characters), whose one string V8 allocates apart from its heap's pages, in memory never
 * touched before (this machine: ~10 ns a character, each time): React's result is flattened into
 * one, and renderPage's apostrophes made another. Pieces of a few thousand characters each are
 * allocated where the heap's memory is reused, and written as the page's bytes (piecesBytes).
 */
export function renderPagePieces<Props extends object>(
  template: ComponentType<Props>,
  props: Props,
  from: RenderedFrom,
  { components }: RenderOptions = {},
): string[] {
  return reported(from, () => {
    const { result, subtrees } = renderedApart(marker, () =>
      renderToStaticMarkup(withComponents(createElement(template, props), components)),
    );
    const page = `<!DOCTYPE html>${result}`;
    const pieces: string[] = [];
    let at = 0;
    for (const [index, subtree] of subtrees.entries()) {
      const written = apartMarker(marker, index);
      const found = page.indexOf(written, at);
      // Its marker somewhere else than in the page's text (an attribute's value): nowhere to put it.
      if (found === -1) throw new Error('a RenderedApart was not rendered as content');
      pieces.push(plainApostrophes(page.slice(at, found)), plainApostrophes(renderInPlace(subtree, components)));
      at = found + written.length;
    }
    pieces.push(plainApostrophes(page.slice(at)));
    return pieces;
  });
}

/** What stands for a subtree put apart until it is put in place: text that no page writes (a NUL, and a name of this process). */
const marker = `\u0000docsgen-apart-${randomUUID()}-`;

const withComponents = (node: ReactNode, components: ThemeComponents | undefined) =>
  components ? createElement(ThemeComponentsProvider, { value: components }, node) : node;

/** `node` rendered whole, with every RenderedApart in place. */
const renderInPlace = (node: ReactNode, components: ThemeComponents | undefined) =>
  renderedInPlace(() => renderToStaticMarkup(withComponents(node, components)));

function reported<T>(from: RenderedFrom, render: () => T): T {
  try {
    return render();
  } catch (error) {
    // Located where the template threw; the page it was rendering is named in the message.
    const page = from.file ? `${from.route} (${from.file})` : from.route;
    throw new DocsgenError(
      `template threw while rendering ${page}: ${(error as Error).message}`,
      templateLocation(error) ?? { file: from.file ?? from.route },
    );
  }
}
