import { expect } from 'vitest';
import {
  createMarkdownRenderer,
  type MarkdownRenderer,
  type RenderedMarkdown,
} from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { DocsgenError } from '../../src/errors.ts';

/** The page every fixture is rendered as, and the routes its `.md` links resolve against. */
export const fixturePath = '/site/content/docs/guide/step.md';
const routes = new Map([
  ['intro.md', '/docs/intro/'],
  ['guide/step.md', '/docs/guide/step/'],
]);

let renderer: Promise<MarkdownRenderer> | undefined;

/** Renders a fixture through the site's real pipeline. */
export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const render = await (renderer ??= loadHighlighter().then(createMarkdownRenderer));
  return render(markdown, fixturePath, {
    relativePath: 'guide/step.md',
    routes,
    variables: new Map([['product', 'Acme Sign']]),
  });
}

/** The located error a fixture is refused with. */
export async function renderError(markdown: string): Promise<DocsgenError> {
  const error = await renderMarkdown(markdown).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  expect((error as DocsgenError).location?.file).toBe(fixturePath);
  return error as DocsgenError;
}
