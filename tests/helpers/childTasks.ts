import { discoverPages } from '../../src/content/discoverPages.ts';

/**
 * Work a test runs in a child process (`callInChild`), taking and returning plain JSON: one
 * function a task, named for what it does.
 */

/** The categories and page routes `discoverPages` reads from a docs folder. */
export async function discoverDocs(docsDir: string) {
  const { pages, categories } = await discoverPages(docsDir, new Map());
  return { routes: pages.map((page) => page.route), categories: [...categories.values()] };
}
