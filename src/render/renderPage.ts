import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocsgenError } from '../errors.ts';
import { templateLocation } from './templateLocation.ts';
import { plainApostrophes } from './plainApostrophes.ts';
import { ThemeComponentsProvider, type ThemeComponents } from '../../templates/themeComponents.tsx';

/** The page being rendered, named in the error a template throws: its route and the file it comes from. */
export interface RenderedFrom {
  route: string;
  file?: string;
}

/**
 * The only place that turns templates into HTML: `template` rendered with `props` as a whole
 * document, or as it is (`fragment`: a piece the browser loads into a page). Each page source
 * builds its own props and calls it; a template that throws is reported where it threw, naming the page.
 * `components`: the project's replacements for theme components (src/components/projectComponents.ts).
 */
export function renderPage<Props extends object>(
  template: ComponentType<Props>,
  props: Props,
  from: RenderedFrom,
  { fragment = false, components }: { fragment?: boolean; components?: ThemeComponents } = {},
): string {
  try {
    const page = createElement(template, props);
    const html = renderToStaticMarkup(
      components ? createElement(ThemeComponentsProvider, { value: components }, page) : page,
    );
    return plainApostrophes(fragment ? html : `<!DOCTYPE html>${html}`);
  } catch (error) {
    // Located where the template threw; the page it was rendering is named in the message.
    const page = from.file ? `${from.route} (${from.file})` : from.route;
    throw new DocsgenError(
      `template threw while rendering ${page}: ${(error as Error).message}`,
      templateLocation(error) ?? { file: from.file ?? from.route },
    );
  }
}
