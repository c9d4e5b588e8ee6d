/**
 * Work a test runs in a child process (`callInChild`), taking and returning plain JSON: one
 * function a task, named for what it does, each importing only what it needs.
 */

/** The categories and page routes `discoverPages` reads from a docs folder. */
export async function discoverDocs(docsDir: string) {
  const { discoverPages } = await import('../../src/content/discoverPages.ts');
  const { pages, categories } = await discoverPages(docsDir, new Map());
  return { routes: pages.map((page) => page.route), categories: [...categories.values()] };
}

export type MarkdownOutcome = { html: string } | { refused: string; line?: number; column?: number };

/**
 * Renders the named pathological inputs one after the other through the site's pipeline, as
 * `tests/markdown/guide/step.md`, each either to its HTML or to the located error it is refused
 * with. Each name goes to stderr as it starts, so a run cut short shows which input it was on.
 */
export async function renderPathologicalInputs(names: string[]): Promise<Record<string, MarkdownOutcome>> {
  const [{ pathologicalInputs }, { createMarkdownRenderer }, { loadHighlighter }, { DocsgenError }] = await Promise.all(
    [
      import('../markdown/pathologicalInputs.ts'),
      import('../../src/markdown/createProcessor.ts'),
      import('../../src/markdown/highlighter.ts'),
      import('../../src/errors.ts'),
    ],
  );
  const render = createMarkdownRenderer(await loadHighlighter());
  const context = { relativePath: 'guide/step.md', routes: new Map(), variables: new Map() };
  const outcomes: Record<string, MarkdownOutcome> = {};
  for (const name of names) {
    process.stderr.write(`rendering ${name}\n`);
    try {
      outcomes[name] = { html: (await render(pathologicalInputs[name](), 'guide/step.md', context)).html };
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      outcomes[name] = { refused: error.message, line: error.location?.line, column: error.location?.column };
    }
  }
  return outcomes;
}
