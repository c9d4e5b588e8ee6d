import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { createRecordWalker } from '../../search/recordWalker.ts';
import { markdownData } from '../context.ts';

/**
 * Takes a page's search records from its Markdown while it is rendered, so the build never parses
 * the page's HTML again: the walk a crawler makes of the page's `<h1>` (the Markdown's own `#`
 * heading, or else the title the page is rendered with) and of `article .markdown`.
 */
export function rehypeMarkdownRecords() {
  return (tree: Root, file: VFile) => {
    const walker = createRecordWalker();
    const { title, context } = markdownData(file);
    if (title === undefined && context.title) walker.heading(1, context.title.replace(/\s+/g, ' ').trim(), null);
    walker.walk(tree);
    markdownData(file).records = walker.records;
  };
}
